import type { z } from 'zod';
import { formationCurriculumEvents } from './formation/curriculum.events';
import { formationHabitEvents } from './formation/habit.events';
import { formationJournalEvents } from './formation/journal.events';
import { formationMemberEvents } from './formation/member.events';
import { formationNotificationEvents } from './formation/notification.events';
import { formationPlanEvents } from './formation/plan.events';
import { formationProfileEvents } from './formation/profile.events';
import { identityMemberImportEvents } from './identity/member-import.events';
import { identityUserEvents } from './identity/user.events';
import { libraryResourceEvents } from './library/resource.events';
import { communityGroupEvents } from './community/group.events';
import { communityPrayerEvents } from './community/prayer.events';
import { communityChurchEvents } from './community/church.events';
import { libraryLogoEvents } from './library/logo.events';
import type { EventEnvelope } from './envelope';
import { topics, type Topic } from './topics';
import { EventRegistry } from './upcasting';
import type { EventDefinition } from './versions';

/**
 * Event type → its current schema version and payload schema, and its earlier versions with their upcasters; the
 * typed map every producer and consumer uses (docs/events.md is generated from it).
 */
export const eventDefinitions = {
  ...identityUserEvents,
  ...identityMemberImportEvents,
  ...formationProfileEvents,
  ...formationHabitEvents,
  ...formationPlanEvents,
  ...formationJournalEvents,
  ...formationMemberEvents,
  ...formationNotificationEvents,
  ...formationCurriculumEvents,
  ...libraryResourceEvents,
  ...communityGroupEvents,
  ...communityPrayerEvents,
  ...communityChurchEvents,
  ...libraryLogoEvents,
} as const satisfies Record<string, EventDefinition>;

export type EventType = keyof typeof eventDefinitions;
export type EventData<T extends EventType> = z.infer<(typeof eventDefinitions)[T]['schema']>;

/** An event of one type, its data in that type's current shape (what a projection or consumer receives). */
export type EventOf<T extends EventType> = Omit<EventEnvelope<EventData<T>>, 'type'> & { type: T };

/**
 * Any event of the given types (all by default): a union narrowed by `event.type`, so
 * `switch (event.type) { case 'formation.habit.created': event.data.name … }` needs no cast.
 */
export type AnyEvent<T extends EventType = EventType> = { [K in T]: EventOf<K> }[T];

/** Only an event's type and data, narrowed the same way: for folds that need nothing of the envelope. */
export type EventPayload<T extends EventType = EventType> = { [K in T]: { type: K; data: EventData<K> } }[T];

/** The event types whose names start with a prefix, e.g. `EventTypesOf<'formation.habit.'>`. */
export type EventTypesOf<P extends string> = Extract<EventType, `${P}${string}`>;

/** The registry of this build: validation and upcasting of every event type on append, load and consume. */
export const eventRegistry = new EventRegistry(eventDefinitions);

/** The topic an event type is published on: one topic per aggregate. */
export const topicOf = (type: EventType): Topic => {
  const [service, aggregate] = type.split('.');
  const topic = Object.values(topics).find((t) => t.startsWith(`${service}.${aggregate}.`));
  if (!topic) throw new Error(`No topic is registered for event type ${type}`);
  return topic;
};

export const isKnownEventType = (type: string): type is EventType => type in eventDefinitions;
