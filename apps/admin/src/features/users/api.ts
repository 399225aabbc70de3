import {
  AccountDeletionPaths, AdminUserPaths, type AccountDeletionResponse, type MessageResponse,
  type AdminUserListResponse, type ApprovalRequest, type ApprovalResponse, type AuthLogListResponse, type BlockRequest, type BlockResponse, type UserDetailResponse,
} from '@cqa/contracts';
import { apiRelative as rel, baseApi } from '@cqa/web-core';

export const usersAdminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    adminUsers: build.query<AdminUserListResponse, 'patient' | 'expert'>({
      query: (role) => rel(AdminUserPaths.list(role)),
      providesTags: ['AdminUsers'],
    }),
    userDetail: build.query<UserDetailResponse, string>({
      query: (id) => rel(AdminUserPaths.one(id)),
      providesTags: ['AdminUsers'],
    }),
    changeApproval: build.mutation<ApprovalResponse, { userId: string } & ApprovalRequest>({
      query: ({ userId, approval_status, reason }) => ({ url: rel(AdminUserPaths.approval(userId)), method: 'POST', body: { approval_status, ...(reason ? { reason } : {}) } }),
      invalidatesTags: ['AdminUsers'],
    }),
    changeBlocked: build.mutation<BlockResponse, { userId: string } & BlockRequest>({
      query: ({ userId, is_blocked }) => ({ url: rel(AdminUserPaths.block(userId)), method: 'POST', body: { is_blocked } }),
      invalidatesTags: ['AdminUsers'],
    }),
    scheduleDeletion: build.mutation<AccountDeletionResponse, { userId: string; note: string }>({
      query: ({ userId, note }) => ({ url: rel(AccountDeletionPaths.adminUser(userId)), method: 'POST', body: { note } }),
      invalidatesTags: ['AdminUsers'],
    }),
    cancelDeletion: build.mutation<MessageResponse, string>({
      query: (userId) => ({ url: rel(AccountDeletionPaths.adminUser(userId)), method: 'DELETE' }),
      invalidatesTags: ['AdminUsers'],
    }),
    authLogs: build.query<AuthLogListResponse, { page: number; perPage: number }>({
      query: ({ page, perPage }) => rel(AdminUserPaths.authLogs(page, perPage)),
    }),
  }),
});

export const {
  useAdminUsersQuery, useUserDetailQuery, useChangeApprovalMutation, useChangeBlockedMutation, useAuthLogsQuery, useScheduleDeletionMutation,
  useCancelDeletionMutation,
} = usersAdminApi;
