import { z } from 'zod';
import { clearText, sealedTextSchema } from '../sealed-text';
import { type EventDefinition, eventVersions } from '../versions';

/**
 * Events of community's prayer-request aggregate (topic community.prayer.v1), one stream per request.
 * Personal: the request's text and the testimony are the author's own words. From v2 on they are sealed with the
 * author's data key (`sealedText`, `sealedTestimony`), so the log, Kafka and backups hold only ciphertext, which
 * no one can open once the author erases their account; v1 kept them in the clear (erased in the log then).
 */
const ids = { prayerId: z.string().min(1), groupId: z.string().min(1) };
const userId = z.string().min(1);

export const prayerPostedV1 = z.object({ ...ids, authorId: userId, text: z.string().min(1).max(1000), anonymous: z.boolean() });
/** One per member and request: praying again is not counted twice. */
export const prayerPrayedV1 = z.object({ ...ids, userId });
export const prayerAnsweredV1 = z.object({ ...ids, authorId: userId, testimony: z.string().max(1000) });
export const prayerPostedV2 = prayerPostedV1.omit({ text: true }).extend({ sealedText: sealedTextSchema });
export const prayerAnsweredV2 = prayerAnsweredV1.omit({ testimony: true }).extend({ sealedTestimony: sealedTextSchema });
export const prayerHiddenV1 = z.object({ ...ids, hiddenBy: userId });
export const prayerRemovedV1 = z.object({ ...ids, removedBy: userId });

export const communityPrayerEvents = {
  // A v1 event's words were stored in the clear: they are carried as such until community re-seals them at start.
  'community.prayer.posted': eventVersions(prayerPostedV1).next(prayerPostedV2, ({ text, ...rest }) => ({
    ...rest,
    sealedText: clearText(text),
  })),
  'community.prayer.prayed': { schemaVersion: 1, schema: prayerPrayedV1 },
  'community.prayer.answered': eventVersions(prayerAnsweredV1).next(prayerAnsweredV2, ({ testimony, ...rest }) => ({
    ...rest,
    sealedTestimony: clearText(testimony),
  })),
  'community.prayer.hidden': { schemaVersion: 1, schema: prayerHiddenV1 },
  'community.prayer.removed': { schemaVersion: 1, schema: prayerRemovedV1 },
} as const satisfies Record<string, EventDefinition>;
