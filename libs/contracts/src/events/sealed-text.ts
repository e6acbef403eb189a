import { z } from 'zod';

/**
 * Private text (journal entries, prayer requests) as events carry it from their second version on: AES-256-GCM
 * ciphertext under the author's data key, as one compact string `pt1.<key id>.<iv>.<ciphertext and tag>` (each part
 * base64url; `pt1` names the format). Only the service holding the author's key can open it, and no one once the author
 * has erased their account (docs/architecture.md, "Private text at rest"). libs/platform/src/private-text seals and
 * opens it.
 */
export const SEALED_TEXT_PATTERN = /^pt1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22,}$/;

export const sealedTextSchema = z.string().regex(SEALED_TEXT_PATTERN, 'must be sealed text (pt1.<key id>.<iv>.<ciphertext>)');

/**
 * What an upcaster from a first version puts where the next version has sealed text: the text that version kept in the
 * clear, marked as such. Only upcasters make it (sealedTextSchema refuses it, so no producer can write it), and it is
 * gone from the stored events once the service has re-sealed them at start.
 */
export const CLEAR_TEXT_PREFIX = 'clear:';

export const clearText = (text: string): string => `${CLEAR_TEXT_PREFIX}${text}`;
