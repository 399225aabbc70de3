/** Test helpers: imported by specs as '@cqa/web-ui/testing', never from the production entry. */
export { answerFixture, questionSummaryFixture, questionDetailFixture } from './qa-fixtures';
