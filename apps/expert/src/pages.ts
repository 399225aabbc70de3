import type { PagesMap } from '@cqa/web-core';
import { lazyPage } from '@cqa/web-ui';

// Each page is its own chunk, named for the bundle budget (tools/bundle-budget): a route downloads only its page.
/** Exposed as 'expert/pages': the shell renders these for the routes the route table gives to 'expert'. */
const pages: PagesMap<'expert'> = {
  dashboard: lazyPage(() =>
    import(/* webpackChunkName: "page-dashboard" */ './features/dashboard/pages/ExpertDashboardPage').then((m) => m.ExpertDashboardPage),
  ),
  questionDetail: lazyPage(() =>
    import(/* webpackChunkName: "page-questionDetail" */ './features/questions/pages/ExpertQuestionPage').then((m) => m.ExpertQuestionPage),
  ),
  answerReview: lazyPage(() =>
    import(/* webpackChunkName: "page-answerReview" */ './features/answer-review/pages/AnswerReviewPage').then((m) => m.AnswerReviewPage),
  ),
  researchRequests: lazyPage(() =>
    import(/* webpackChunkName: "page-researchRequests" */ './features/research-requests/pages/ResearchRequestsQueuePage').then((m) => m.ResearchRequestsQueuePage),
  ),
};

export default pages;
