import { z } from 'zod';

/**
 * Live updates (docs/architecture.md, "Live updates"). A live signal says that something a member sees on a screen
 * has changed, never what it now holds: the web app refetches through the ordinary routes, which check access again.
 * Signals are not domain events: no stream, no version, nothing stored by the service that sends them. The service
 * that owns the read model sends one right after changing it, and names who may hear it (its audience) from its
 * own data; the gateway keeps a short buffer per audience and pushes them to the members' open streams.
 */

/** What changed: the bell, a group's figures or roster, one of the member's uploads, the review queue, a member import. */
export const liveChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('notifications') }),
  z.object({ kind: z.literal('group'), groupId: z.string().min(1).max(100) }),
  z.object({ kind: z.literal('upload'), resourceId: z.string().min(1).max(100) }),
  z.object({ kind: z.literal('review-queue') }),
  /** A church's member import moved on (its progress, its outcome, an undo): for the admin who started it. */
  z.object({ kind: z.literal('member-import'), importId: z.string().min(1).max(100) }),
]);
export type LiveChange = z.infer<typeof liveChangeSchema>;
export type LiveChangeKind = LiveChange['kind'];

/** The roles whose members share an audience: `moderation` is every moderator and admin (the Review Queue). */
export const liveRoleAudiences = ['moderation'] as const;
export type LiveRoleAudience = (typeof liveRoleAudiences)[number];

/** At most this many members in one signal; a larger audience is sent as several signals. */
export const LIVE_AUDIENCE_MAX = 500;

export const liveAudienceSchema = z.union([
  z.object({ members: z.array(z.string().min(1).max(100)).min(1).max(LIVE_AUDIENCE_MAX) }).strict(),
  z.object({ role: z.enum(liveRoleAudiences) }).strict(),
]);
export type LiveAudience = z.infer<typeof liveAudienceSchema>;

/** One signal on the live topic (`topics.liveSignal`), keyed by what changed. */
export const liveSignalSchema = z.object({
  /** Unique per signal: the gateway applies each once, whatever Kafka redelivers. */
  id: z.string().uuid(),
  occurredAt: z.string().datetime({ offset: true }),
  /** The request that caused it, for the logs. */
  correlationId: z.string().min(1).max(200).nullable(),
  audience: liveAudienceSchema,
  change: liveChangeSchema,
});
export type LiveSignal = z.infer<typeof liveSignalSchema>;

/**
 * What the stream sends a browser in an `event: change` message: the change and when its signal was sent. The SSE
 * `id` of each message is the cursor to resume after it (`Last-Event-ID`).
 */
export const livePushSchema = z.object({ change: liveChangeSchema, occurredAt: z.string().datetime({ offset: true }) });
export type LivePush = z.infer<typeof livePushSchema>;

/** The stream's message types besides `change`: `ready` once it is open (with the cursor), `resync` after a gap. */
export const liveStreamEvents = { change: 'change', ready: 'ready', resync: 'resync' } as const;

/** The stream's public path, served by the gateway itself. */
export const LIVE_STREAM_PATH = '/api/live';
