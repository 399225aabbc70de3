import { PatientPaths, type PatientProfileResponse, type SavePatientProfileRequest } from '@cqa/contracts';
import { apiRelative, baseApi } from '@cqa/web-core';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Patient'] });

/**
 * The patient profile (spec section 7): get by patient id or by user id, create with user_id, update by patient id.
 * Only the patient remote loads it; it joins the shell's baseApi when the remote loads.
 */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    patientProfile: build.query<PatientProfileResponse, string>({
      query: (patientId) => apiRelative(PatientPaths.one(patientId)),
      providesTags: (result, _error, patientId) => [{ type: 'Patient', id: patientId }, ...(result ? [{ type: 'Patient' as const, id: result.id }] : [])],
    }),
    patientProfileByUser: build.query<PatientProfileResponse, string>({
      query: (userId) => ({ url: apiRelative(PatientPaths.list), params: { user_id: userId } }),
      providesTags: (result) => (result ? [{ type: 'Patient', id: result.id }] : []),
    }),
    createPatientProfile: build.mutation<PatientProfileResponse, SavePatientProfileRequest & { user_id: string }>({
      query: (body) => ({ url: apiRelative(PatientPaths.list), method: 'POST', body }),
      invalidatesTags: (result) => (result ? [{ type: 'Patient', id: result.id }] : []),
    }),
    savePatientProfile: build.mutation<PatientProfileResponse, { patientId: string } & SavePatientProfileRequest>({
      query: ({ patientId, ...body }) => ({ url: apiRelative(PatientPaths.one(patientId)), method: 'PUT', body }),
      // The saved record replaces the cached one: no refetch (a staff refetch would also add an audit row).
      async onQueryStarted({ patientId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(profileApi.util.upsertQueryData('patientProfile', patientId, data));
        } catch {
          // The caller shows the failure.
        }
      },
    }),
  }),
});

export const {
  usePatientProfileQuery, usePatientProfileByUserQuery, useCreatePatientProfileMutation, useSavePatientProfileMutation,
} = profileApi;
