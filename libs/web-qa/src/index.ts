// Connected Q&A pieces shared by the remotes: they combine web-core's data access with web-ui's components.
export { QuestionPageFrame, type QuestionPageContext, type QuestionPageFrameProps } from './question/QuestionPageFrame';
export { EditableAnswer, type EditableAnswerProps } from './question/EditableAnswer';
export { useQuestionAi } from './ai/use-question-ai';
export { DeepResearchTab } from './research/DeepResearchTab';
export { ResearchRequestsPage, type ResearchRequestsPageProps } from './research/ResearchRequestsPage';
export { useQuestionActions, type RatingChangeKind } from './question/use-question-actions';
export { useQuestionDetail } from './question/use-question-detail';
export { useAskQuestion } from './question-list/use-ask-question';
export { AskQuestionModal, DashboardQuestions } from './question-list/DashboardQuestions';
