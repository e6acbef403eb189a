/** BullMQ queue names, one place for every service (contracts hold topics, queues and error codes). */
export const queues = {
  /** Hourly: members whose local week has begun get the new week's plan. */
  formationPlanRollover: 'formation-plan-rollover',
  /** Every few minutes: which reminders are due now (dueNudges), one delivery job each. */
  formationNudgeScan: 'formation-nudge-scan',
  /** One job per due reminder (its idempotency key is the job id), delivered on the member's channels with back-off. */
  formationNudgeDelivery: 'formation-nudge-delivery',
  /** One job per submitted library file: read its text, count pages/words, move it out of quarantine. */
  libraryResourceProcessing: 'library-resource-processing',
  /** One job per uploaded member list (its id is the import's): the church's bulk onboarding (docs/member-imports.md). */
  identityMemberImport: 'identity-member-import',
  /** One job per batch of an import's invitations: their e-mails and texts, apart from the import's progress. */
  identityInvitationDelivery: 'identity-invitation-delivery',
} as const;

export type QueueName = (typeof queues)[keyof typeof queues];
