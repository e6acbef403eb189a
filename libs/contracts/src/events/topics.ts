/** Topic per aggregate: `<service>.<aggregate>.v<N>`, keyed by `messageKeyOf` (docs/architecture.md, "Events between services"). */
export const topics = {
  identityUser: 'identity.user.v1',
  identityMemberImport: 'identity.member-import.v1',
  formationProfile: 'formation.profile.v1',
  formationHabit: 'formation.habit.v1',
  formationPlan: 'formation.plan.v1',
  formationJournal: 'formation.journal.v1',
  formationMember: 'formation.member.v1',
  formationNotification: 'formation.notification.v1',
  formationCurriculum: 'formation.curriculum.v1',
  libraryResource: 'library.resource.v1',
  libraryLogo: 'library.logo.v1',
  communityGroup: 'community.group.v1',
  communityPrayer: 'community.prayer.v1',
  /** Not an aggregate's: live signals (libs/contracts/src/live), sent by the services and read by the gateway. */
  liveSignal: 'live.signal.v1',
  communityChurch: 'community.church.v1',
} as const;

export type Topic = (typeof topics)[keyof typeof topics];

/** Where a message that fails validation goes, with the reason in its headers. */
export const deadLetterTopic = (topic: string): string => `${topic}.dlq`;

/** Every topic is created with at least this many partitions. */
export const TOPIC_PARTITIONS = 6;

/** Aggregates whose every stream belongs to one member, whose events all name that member (`data.userId`). */
const memberOwnedAggregates = ['formation.habit.', 'formation.plan.', 'formation.journal.'];

/**
 * The Kafka key of an event: its stream, so a stream's events stay in order on one partition; for a member's own
 * habits, plans and journal, the member, so all of one member's activity of a topic reaches one consumer instance
 * in order (community's member documents are then written by one instance at a time, with no lost compare-and-set).
 * Each such stream still has one key, the member's, so its order holds.
 */
export const messageKeyOf = (event: { type: string; streamId: string; data: unknown }): string => {
  if (!memberOwnedAggregates.some((prefix) => event.type.startsWith(prefix))) return event.streamId;
  const userId = (event.data as { userId?: unknown } | null)?.userId;
  return typeof userId === 'string' && userId.length > 0 ? userId : event.streamId;
};
