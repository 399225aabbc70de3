import type {
  AdminUserListResponse, ApprovalRequest, ApprovalResponse, AuthLogListResponse, BlockRequest, BlockResponse, UserDetailResponse,
} from '@cqa/contracts';
import { baseApi } from '@cqa/web-core';

export const usersAdminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    adminUsers: build.query<AdminUserListResponse, 'patient' | 'expert'>({
      query: (role) => (role === 'patient' ? '/admin/patients-auth' : '/admin/experts-auth'),
      providesTags: ['AdminUsers'],
    }),
    userDetail: build.query<UserDetailResponse, string>({
      query: (id) => `/user/${encodeURIComponent(id)}`,
      providesTags: ['AdminUsers'],
    }),
    changeApproval: build.mutation<ApprovalResponse, { userId: string } & ApprovalRequest>({
      query: ({ userId, approval_status }) => ({ url: `/user-approval/${encodeURIComponent(userId)}`, method: 'POST', body: { approval_status } }),
      invalidatesTags: ['AdminUsers'],
    }),
    changeBlocked: build.mutation<BlockResponse, { userId: string } & BlockRequest>({
      query: ({ userId, is_blocked }) => ({ url: `/user-block/${encodeURIComponent(userId)}`, method: 'POST', body: { is_blocked } }),
      invalidatesTags: ['AdminUsers'],
    }),
    authLogs: build.query<AuthLogListResponse, { page: number; perPage: number }>({
      query: ({ page, perPage }) => `/admin/auth-logs?page=${page}&per_page=${perPage}`,
    }),
  }),
});

export const { useAdminUsersQuery, useUserDetailQuery, useChangeApprovalMutation, useChangeBlockedMutation, useAuthLogsQuery } = usersAdminApi;
