import type { PagesMap } from '@cqa/web-core';
import { ExpertDashboardPage } from './features/dashboard/pages/ExpertDashboardPage';
import { ExpertQuestionPage } from './features/questions/pages/ExpertQuestionPage';
import { AnswerReviewPage } from './features/answer-review/pages/AnswerReviewPage';

/** Exposed as 'expert/pages': the shell renders these for the routes the route table gives to 'expert'. */
const pages: PagesMap<'expert'> = {
  dashboard: ExpertDashboardPage,
  questionDetail: ExpertQuestionPage,
  answerReview: AnswerReviewPage,
};

export default pages;
