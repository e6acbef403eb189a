import type { NewNotification } from './notification.store';

/** The bell, for features that put something in it (docs/structure.md, "Ports"). */
export type { NewNotification };

export abstract class Notifications {
  /** Adds a notification once per key (a second call is a no-op). Returns whether it was new. */
  abstract add(input: NewNotification, now?: Date): Promise<boolean>;
}
