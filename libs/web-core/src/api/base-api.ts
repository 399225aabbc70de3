import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { AuthState } from '../auth/auth.slice';

/** Adds the in-memory access token, if any, as a Bearer header. */
export function prepareAuthHeaders(headers: Headers, { getState }: { getState: () => unknown }): Headers {
  const token = (getState() as { auth?: AuthState }).auth?.accessToken;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/** The one RTK Query API; each remote adds its endpoints with baseApi.injectEndpoints. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: '/api',
    prepareHeaders: prepareAuthHeaders,
    // Resolved per call, so jsdom tests and polyfills can supply fetch later.
    fetchFn: (...args) => fetch(...args),
  }),
  endpoints: () => ({}),
});
