import { CredentialPaths, type CredentialsUpdateResponse, type ExpertCredentials, type StoredExpertCredentials } from '@cqa/contracts';
import { apiRelative, baseApi } from '@cqa/web-core';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['ExpertCredentials'] });

/** An expert's professional details on the account page (issue 44 item 7). */
export const credentialsApi = api.injectEndpoints({
  endpoints: (build) => ({
    expertCredentials: build.query<StoredExpertCredentials, void>({ query: () => apiRelative(CredentialPaths.credentials), providesTags: ['ExpertCredentials'] }),
    saveExpertCredentials: build.mutation<CredentialsUpdateResponse, ExpertCredentials>({
      query: (body) => ({ url: apiRelative(CredentialPaths.credentials), method: 'PUT', body }),
      // A refusal changed nothing: the form keeps what was typed, with the message.
      invalidatesTags: (result) => (result ? ['ExpertCredentials'] : []),
    }),
  }),
});

export const { useExpertCredentialsQuery, useSaveExpertCredentialsMutation } = credentialsApi;
