import { z } from 'zod';

/**
 * Text that must say something: not empty once trimmed, and trimmed. Written as the pattern `\S` (some character that
 * is not a space) rather than a minimum length after trimming, so the API document shows the rule: by a `minLength: 1`
 * a lone space or tab is valid, and a client generated from the document would send one the API refuses.
 */
export const requiredText = (message?: string) => {
  // The message is for a missing or blank text; a too long one is told so (errors/validation-messages.ts).
  const base = message === undefined ? z.string() : z.string({ error: (issue) => (issue.code === 'invalid_type' ? message : undefined) });
  return base.regex(/\S/, message).trim();
};
