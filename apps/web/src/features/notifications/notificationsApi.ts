import { abideApi, type NotificationListDto } from '../../shared/api/generated/abideApi';

export type NotificationList = NotificationListDto;
export type AppNotification = NotificationList['items'][number];

/** The bell shows the latest ten (index.html's early read asks for the same `?limit=10`). */
export const NOTIFICATION_LIMIT = 10;

/** The bell's endpoints (generated from the API document): one list, read marks refresh it. */
export const notificationsApi = abideApi.enhanceEndpoints({
  endpoints: {
    notificationsList: { providesTags: ['Notifications'] },
    notificationsRead: { invalidatesTags: ['Notifications'] },
    notificationsReadAll: { invalidatesTags: ['Notifications'] },
  },
});

export const { useNotificationsListQuery, useNotificationsReadMutation, useNotificationsReadAllMutation } = notificationsApi;
