import { NotificationPaths, type NewAnswersCount, type NotificationSettings, type NotificationSettingsUpdate } from '@cqa/contracts';
import { apiRelative, baseApi } from '@cqa/web-core';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['NotificationSettings', 'NewAnswers'] });

/** The e-mail settings of the Security page and the top bar's count of questions with new answers. */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    notificationSettings: build.query<NotificationSettings, void>({
      query: () => apiRelative(NotificationPaths.settings),
      providesTags: ['NotificationSettings'],
    }),
    updateNotificationSettings: build.mutation<NotificationSettings, NotificationSettingsUpdate>({
      query: (body) => ({ url: apiRelative(NotificationPaths.settings), method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['NotificationSettings']),
    }),
    newAnswersCount: build.query<NewAnswersCount, void>({
      query: () => apiRelative(NotificationPaths.newAnswers),
      providesTags: ['NewAnswers'],
    }),
  }),
});

export const { useNotificationSettingsQuery, useUpdateNotificationSettingsMutation, useNewAnswersCountQuery } = notificationsApi;
