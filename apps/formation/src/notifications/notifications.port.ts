/** The bell, for features that put something in it (docs/architecture.md, "Feature boundaries"). */
export { NotificationStore, type NewNotification } from './notification.store';
