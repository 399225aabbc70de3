/** Test helpers: imported by specs as '@cqa/web-core/testing', never from the production entry. */
export { testUser, signedInState } from './auth-fixtures';
export { installFetchMock, type MockReply, type MockCall } from './fetch-mock';
