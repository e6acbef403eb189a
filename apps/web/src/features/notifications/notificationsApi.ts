import { baseApi } from '../../shared/api/baseApi';

export interface AppNotification {
  id: string;
  title: string;
  body: string;
  createdAt: string;
  readAt: string | null;
  link?: string;
}

export interface NotificationList {
  items: AppNotification[];
  unreadCount: number;
}

/** Spec: the bell shows the latest ten. */
export const NOTIFICATION_LIMIT = 10;

export const notificationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.query<NotificationList, void>({
      query: () => ({ url: '/notifications', params: { limit: NOTIFICATION_LIMIT } }),
      providesTags: ['Notifications'],
    }),
    markNotificationRead: build.mutation<void, string>({
      query: (id) => ({ url: `/notifications/${encodeURIComponent(id)}/read`, method: 'POST' }),
      invalidatesTags: ['Notifications'],
    }),
    markAllNotificationsRead: build.mutation<void, void>({
      query: () => ({ url: '/notifications/read-all', method: 'POST' }),
      invalidatesTags: ['Notifications'],
    }),
  }),
});

export const { useGetNotificationsQuery, useMarkNotificationReadMutation, useMarkAllNotificationsReadMutation } =
  notificationsApi;
