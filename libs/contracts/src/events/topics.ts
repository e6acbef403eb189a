/** Topic per aggregate: `<service>.<aggregate>.v<N>`, key = streamId (docs/events.md). */
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
