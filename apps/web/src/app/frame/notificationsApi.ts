import type { NotificationListDto } from '../../shared/api/generated/abideApi';
import { notificationsEndpoints } from '../../shared/api/generated/endpoints/notifications';

export type NotificationList = NotificationListDto;
export type AppNotification = NotificationList['items'][number];

/** The bell shows the latest ten (index.html's early read asks for the same `?limit=10`). */
export const NOTIFICATION_LIMIT = 10;

/** The bell's endpoints (generated from the API document): one list, read marks refresh it. */
export const notificationsApi = notificationsEndpoints;

export const { useNotificationsListQuery, useNotificationsReadMutation, useNotificationsReadAllMutation } = notificationsApi;
