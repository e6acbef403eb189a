import { JOURNAL_PREVIEW_CHARS } from '@abide/contracts';

export const PREVIEW_ELLIPSIS = '…';

/**
 * Recent Reflections' preview (cut at 100 characters): whitespace collapsed, cut at the last
 * word boundary within the limit, with an ellipsis. Counts characters, not UTF-16 units, so an emoji
 * or accented letter is never split; a single word longer than the limit is cut inside the word.
 */
export const entryPreview = (content: string, maxChars: number = JOURNAL_PREVIEW_CHARS): string => {
  const text = content.replace(/\s+/g, ' ').trim();
  const chars = Array.from(text);
  if (chars.length <= maxChars) return text;
  const head = chars.slice(0, maxChars + 1).join('');
  const lastSpace = head.lastIndexOf(' ');
  const cut = lastSpace > 0 ? head.slice(0, lastSpace) : chars.slice(0, maxChars).join('');
  // Trailing punctuation before an ellipsis reads as a typo (",…").
  return `${cut.replace(/[\s,;:.\-–—]+$/u, '')}${PREVIEW_ELLIPSIS}`;
};
