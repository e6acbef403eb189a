import type { z } from 'zod';
import { formationHabitEvents } from './formation/habit.events';
import { formationJournalEvents } from './formation/journal.events';
import { formationMemberEvents } from './formation/member.events';
import { formationNotificationEvents } from './formation/notification.events';
import { formationPlanEvents } from './formation/plan.events';
import { formationProfileEvents } from './formation/profile.events';
import { identityUserEvents } from './identity/user.events';
import { libraryResourceEvents } from './library/resource.events';
import { communityGroupEvents } from './community/group.events';
import { communityPrayerEvents } from './community/prayer.events';
import { topics, type Topic } from './topics';

interface EventDefinition {
  readonly schemaVersion: number;
  readonly schema: z.ZodTypeAny;
}

/** Event type → current schema version and payload schema; the typed map every producer and consumer uses. */
export const eventDefinitions = {
  ...identityUserEvents,
  ...formationProfileEvents,
  ...formationHabitEvents,
  ...formationPlanEvents,
  ...formationJournalEvents,
  ...formationMemberEvents,
  ...formationNotificationEvents,
  ...libraryResourceEvents,
  ...communityGroupEvents,
  ...communityPrayerEvents,
} as const satisfies Record<string, EventDefinition>;

export type EventType = keyof typeof eventDefinitions;
export type EventData<T extends EventType> = z.infer<(typeof eventDefinitions)[T]['schema']>;

/** The topic an event type is published on: one topic per aggregate. */
export const topicOf = (type: EventType): Topic => {
  const [service, aggregate] = type.split('.');
  const topic = Object.values(topics).find((t) => t.startsWith(`${service}.${aggregate}.`));
  if (!topic) throw new Error(`No topic is registered for event type ${type}`);
  return topic;
};

export const isKnownEventType = (type: string): type is EventType => type in eventDefinitions;
