import { z } from 'zod';
import { connectionOptions, reminderFrequencies, spiritualGoals } from '../../catalog';
import { e164PhoneNumber, smsOptInSources, smsOptOutSources, smsOptOutSourcesV1 } from '../../sms';
import { eventVersions } from '../versions';

/** Events of formation's member aggregate (topic formation.member.v1): what formation knows of a member, learnt from identity. */
const userId = z.string().min(1);
const reminderFrequency = z.enum(reminderFrequencies.map((f) => f.id) as [string, ...string[]]);
const weekday = z.number().int().min(0).max(6);

export const formationMemberJoinedV1 = z.object({ userId, joinedAt: z.string().datetime({ offset: true }) });

/** `phoneNumber` is personal: erased from the log when the member deletes their account. */
export const formationMemberOnboardedV1 = z.object({
  userId,
  spiritualGoals: z.array(z.enum(spiritualGoals)),
  connectionPreferences: z.array(z.enum(connectionOptions.map((o) => o.id) as [string, ...string[]])),
  reminderFrequency,
  phoneNumber: z.string().max(32).nullable(),
  timeZone: z.string().min(1),
});

export const formationMemberSettingsChangedV1 = z.object({
  userId,
  timeZone: z.string().min(1).optional(),
  reminderFrequency: reminderFrequency.optional(),
  phoneNumber: z.string().max(32).nullable().optional(),
  channels: z.array(z.enum(['in-app', 'email', 'sms'])).optional(),
  shareProgressWithGroups: z.boolean().optional(),
});

/** Declared rest weekdays (0 = Sunday): they never break a habit streak. */
export const formationMemberRestDaysSetV1 = z.object({ userId, weekdays: z.array(weekday).max(6) });

/**
 * How formation reaches the member (from identity's registration and profile): the name a reminder greets and the
 * address it goes to. Both are personal, erased from the log when the member deletes their account.
 */
export const formationMemberContactChangedV1 = z.object({
  userId,
  name: z.string().max(200).nullable(),
  email: z.string().max(320).nullable(),
});

/** The member turned e-mail reminders off with the link in one; choosing e-mail again in settings turns them back on. */
export const formationMemberEmailUnsubscribedV1 = z.object({ userId, unsubscribedAt: z.string().datetime({ offset: true }) });

/** The member opted in to reminder texts at `phoneNumber` (learnt from identity); personal, erased on deletion. */
export const formationMemberSmsOptedInV1 = z.object({
  userId,
  phoneNumber: e164PhoneNumber,
  optedInAt: z.string().datetime({ offset: true }),
  source: z.enum(smsOptInSources),
});

/** The member opted out of reminder texts (Settings, a STOP reply, or a new number): none is sent until a new opt-in. */
export const formationMemberSmsOptedOutV1 = z.object({
  userId,
  phoneNumber: e164PhoneNumber,
  optedOutAt: z.string().datetime({ offset: true }),
  source: z.enum(smsOptOutSourcesV1),
});

/** v2: identity's opt-out v2 mirrored, with its `number-not-verified` source. */
export const formationMemberSmsOptedOutV2 = formationMemberSmsOptedOutV1.extend({ source: z.enum(smsOptOutSources) });

/**
 * The member's choice to share their progress with one of their churches (community's membership event, mirrored so
 * the curriculum progress follows it in the member's stream order, #26). Leaving the church records `shares: false`.
 */
export const formationMemberChurchSharingChangedV1 = z.object({ userId, churchId: z.string().min(1), shares: z.boolean() });

export const formationMemberDeletedV1 = z.object({ userId, deletedAt: z.string().datetime({ offset: true }) });

export const formationMemberEvents = {
  'formation.member.joined': { schemaVersion: 1, schema: formationMemberJoinedV1 },
  'formation.member.onboarded': { schemaVersion: 1, schema: formationMemberOnboardedV1 },
  'formation.member.settings-changed': { schemaVersion: 1, schema: formationMemberSettingsChangedV1 },
  'formation.member.rest-days-set': { schemaVersion: 1, schema: formationMemberRestDaysSetV1 },
  'formation.member.contact-changed': { schemaVersion: 1, schema: formationMemberContactChangedV1 },
  'formation.member.email-unsubscribed': { schemaVersion: 1, schema: formationMemberEmailUnsubscribedV1 },
  'formation.member.sms-opted-in': { schemaVersion: 1, schema: formationMemberSmsOptedInV1 },
  'formation.member.sms-opted-out': eventVersions(formationMemberSmsOptedOutV1).next(formationMemberSmsOptedOutV2, (v1) => v1),
  'formation.member.church-sharing-changed': { schemaVersion: 1, schema: formationMemberChurchSharingChangedV1 },
  'formation.member.deleted': { schemaVersion: 1, schema: formationMemberDeletedV1 },
} as const satisfies Record<string, { schemaVersion: number; schema: z.ZodTypeAny }>;
