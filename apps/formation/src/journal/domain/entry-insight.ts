import type { ReflectionScripture } from '../../content/content-types';
import { reflectionScriptures } from '../../content/reflection-scriptures';
import { normaliseScriptureReference } from '../../content/scripture-reference';
import { hashString } from '../../shared/seeded-random';
import { countWords } from './word-count';

export interface EntryInsightInput {
  content: string;
  mood?: string | null;
  gratitude?: string | null;
  /** The reference the member attached; the insight offers a different passage alongside it. */
  scriptureReference?: string | null;
  /** The theme of the member's plan week, a gentle tie-breaker. */
  themeId?: string | null;
}

export interface EntryInsight {
  reference: string;
  /** What the entry seemed to be about, or null when only the mood (or nothing) guided the choice. */
  topic: string | null;
  /** Two or three sentences: what was noticed, why this passage, a question to carry on with. */
  text: string;
}

// A keyword found in the entry says far more than a mood, which says more than the week's theme.
const KEYWORD_SCORE = 3;
const MOOD_SCORE = 2;
const THEME_SCORE = 1;

const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? [];

const matches = (keyword: string, words: readonly string[], joined: string): boolean => {
  if (keyword.includes(' ')) return joined.includes(` ${keyword} `);
  if (keyword.endsWith('*')) return words.some((w) => w.startsWith(keyword.slice(0, -1)));
  return words.includes(keyword);
};

/**
 * The built-in 'Get AI insight' for a journal entry: picks the reflection scripture that best fits what
 * the member wrote (keywords), how they felt (mood) and the week's theme, and explains the choice.
 * Offline and deterministic: the same entry always receives the same reflection.
 */
export const entryInsight = (input: EntryInsightInput, scriptures: readonly ReflectionScripture[] = reflectionScriptures): EntryInsight => {
  const words = wordsOf(`${input.content} ${input.gratitude ?? ''}`);
  const joined = ` ${words.join(' ')} `;
  const attached = input.scriptureReference ? normaliseScriptureReference(input.scriptureReference) : null;
  const pool = scriptures.filter((s) => s.reference !== attached);
  const candidates = pool.length > 0 ? pool : scriptures;

  const scored = candidates.map((scripture) => {
    const hits = scripture.keywords.filter((k) => matches(k, words, joined)).length;
    const mood = input.mood && (scripture.moods as readonly string[]).includes(input.mood) ? 1 : 0;
    const theme = input.themeId && scripture.themes.includes(input.themeId) ? 1 : 0;
    return { scripture, hits, score: KEYWORD_SCORE * hits + MOOD_SCORE * mood + THEME_SCORE * theme };
  });
  const best = Math.max(...scored.map((s) => s.score));
  const top = scored.filter((s) => s.score === best);
  // Ties are broken by the entry itself, so different entries meet different passages.
  const chosen = top[hashString(input.content.trim()) % top.length];
  const { scripture, hits } = chosen;

  const mood = input.mood?.trim();
  let noticed: string;
  if (hits > 0) noticed = `Your reflection touches on ${scripture.topic}${mood ? `, written from a ${mood} heart` : ''}.`;
  else if (mood) noticed = `Your reflection comes from a ${mood} heart.`;
  else noticed = `Thank you for bringing these ${countWords(input.content)} words to God today.`;

  return {
    reference: scripture.reference,
    topic: hits > 0 ? scripture.topic : null,
    text: `${noticed} ${scripture.reference} fits here because it ${scripture.because}. ${scripture.invitation}`,
  };
};
