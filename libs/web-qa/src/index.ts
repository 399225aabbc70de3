// Connected Q&A pieces shared by the remotes: they combine web-core's data access with web-ui's components.
export { QuestionPageFrame, type QuestionPageContext, type QuestionPageFrameProps } from './question/QuestionPageFrame';
export { useQuestionAi } from './ai/use-question-ai';
export { DeepResearchTab } from './research/DeepResearchTab';
export { ResearchRequestsPage, type ResearchRequestsPageProps } from './research/ResearchRequestsPage';
