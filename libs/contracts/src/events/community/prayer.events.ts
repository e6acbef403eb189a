import { z } from 'zod';

/**
 * Events of community's prayer-request aggregate (topic community.prayer.v1), one stream per request.
 * Personal: `text` and `testimony` are the member's own words; they are erased when the author deletes
 * their account (the request disappears from the group).
 */
const ids = { prayerId: z.string().min(1), groupId: z.string().min(1) };
const userId = z.string().min(1);

export const prayerPostedV1 = z.object({ ...ids, authorId: userId, text: z.string().min(1).max(1000), anonymous: z.boolean() });
/** One per member and request: praying again is not counted twice. */
export const prayerPrayedV1 = z.object({ ...ids, userId });
export const prayerAnsweredV1 = z.object({ ...ids, authorId: userId, testimony: z.string().max(1000) });
export const prayerHiddenV1 = z.object({ ...ids, hiddenBy: userId });
export const prayerRemovedV1 = z.object({ ...ids, removedBy: userId });

export const communityPrayerEvents = {
  'community.prayer.posted': { schemaVersion: 1, schema: prayerPostedV1 },
  'community.prayer.prayed': { schemaVersion: 1, schema: prayerPrayedV1 },
  'community.prayer.answered': { schemaVersion: 1, schema: prayerAnsweredV1 },
  'community.prayer.hidden': { schemaVersion: 1, schema: prayerHiddenV1 },
  'community.prayer.removed': { schemaVersion: 1, schema: prayerRemovedV1 },
} as const satisfies Record<string, { schemaVersion: number; schema: z.ZodTypeAny }>;
