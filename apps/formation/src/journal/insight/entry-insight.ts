import type { ReflectionScripture } from '../../content/content-types';
import { reflectionScriptures } from '../../content/reflection-scriptures';
import { normaliseScriptureReference, parseScriptureReference, type ScriptureReference } from '../../content/scripture-reference';
import { hashString } from '../../shared/seeded-random';
import { type EntryReading, readEntry } from './entry-reading';
import { sentencesOf } from './sentences';

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
  /** Why the passage was chosen, one sentence ('It …'); said here and nowhere in `text`. */
  why: string;
  /** What the entry seemed to be about, or null when only the mood (or nothing) guided the choice. */
  topic: string | null;
  /** True when the entry gave too little to reflect on (or is not English) and `text` says it is a general prompt. */
  general: boolean;
  /** A few sentences naming what the entry is about, ending with one question; no sentence is said twice. */
  text: string;
}

// A keyword found in the entry says far more than a mood, which says more than the week's theme.
const KEYWORD_SCORE = 3;
const MOOD_SCORE = 2;
const THEME_SCORE = 1;
/** Fewer words than this, with nothing named in them, is too little to reflect on. */
const TOO_FEW_WORDS = 6;

const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? [];

/** How often a keyword ('work', 'worr*' for any ending, 'small group') occurs among the entry's words. */
const occurrences = (keyword: string, words: readonly string[], joined: string): number => {
  if (keyword.includes(' ')) return joined.split(` ${keyword} `).length - 1;
  if (keyword.endsWith('*')) return words.filter((w) => w.startsWith(keyword.slice(0, -1))).length;
  return words.filter((w) => w === keyword).length;
};

/** 'a', 'a and b', 'a, b and c'. */
const list = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The start of the entry in its own words, for quoting back: at most `max` words. */
const quoted = (text: string, max: number): string => {
  const words = text.split(' ');
  // Its own stops become commas, so a quoted 'Grace. Grace.' is one sentence of ours, not two of its.
  const excerpt = words
    .slice(0, max)
    .join(' ')
    .replace(/[.,;:!?]+$/u, '')
    .replace(/[.!?]+\s/gu, ', ');
  return `“${excerpt}${words.length > max ? '…' : ''}”`;
};

/** Whether two references share a chapter of one book: 'Ephesians 4' was cited, so 'Ephesians 4:31-32' is not offered. */
const sameChapters = (a: ScriptureReference, b: ScriptureReference | null): boolean =>
  !!b && a.book === b.book && a.spans.some((x) => b.spans.some((y) => x.chapter <= y.endChapter && y.chapter <= x.endChapter));

/** The passage that best fits the entry's words, the member's mood and the week's theme (other than ones they cited). */
const choosePassage = (input: EntryInsightInput, reading: EntryReading, scriptures: readonly ReflectionScripture[]) => {
  const words = wordsOf(`${reading.text} ${input.gratitude ?? ''}`);
  const joined = ` ${words.join(' ')} `;
  const attached = input.scriptureReference ? normaliseScriptureReference(input.scriptureReference) : null;
  const cited = [attached, ...reading.scripture].flatMap((r) => (r ? [parseScriptureReference(r)] : [])).filter((r) => r !== null);
  const pool = scriptures.filter((s) => !cited.some((c) => sameChapters(c, parseScriptureReference(s.reference))));
  const candidates = pool.length > 0 ? pool : scriptures;

  const scored = candidates.map((scripture) => {
    // A word the entry comes back to counts each time: 'work … my work' says more than one passing 'morning'.
    const hits = scripture.keywords.reduce((sum, k) => sum + occurrences(k, words, joined), 0);
    const mood = input.mood && (scripture.moods as readonly string[]).includes(input.mood) ? 1 : 0;
    const theme = input.themeId && scripture.themes.includes(input.themeId) ? 1 : 0;
    return { scripture, hits, score: KEYWORD_SCORE * hits + MOOD_SCORE * mood + THEME_SCORE * theme };
  });
  const best = Math.max(...scored.map((s) => s.score));
  const top = scored.filter((s) => s.score === best);
  // Ties are broken by the entry itself, so different entries meet different passages.
  return top[hashString(input.content.trim()) % top.length];
};

/** The question the reflection ends with: about the entry's own people and subjects where it names them. */
const closingQuestion = (reading: EntryReading, scripture: ReflectionScripture, hits: number): string => {
  const [person] = reading.biblicalPeople.filter((p) => p !== 'Jesus');
  const own = reading.subjects.filter((s) => !person || !s.includes(person));
  const subject = own[0];
  // The apostrophe the member types ("Peter's" or 'Peter’s'), so the question reads like the entry it answers.
  if (person) {
    const story = `${person}${reading.text.includes('’') ? '’' : "'"}s story`;
    return subject ? `What does ${story} say to you about ${subject}?` : `What in ${story} speaks to where you are today?`;
  }
  if (hits > 0) return scripture.invitation;
  if (reading.people[0]) return `What would you like to tell God about ${reading.people[0]}?`;
  if (subject) return `What might God be showing you through ${subject}?`;
  return scripture.invitation;
};

/** 'You wrote about …' naming the entry's people, subjects and place, in its own words. */
const aboutSentence = (reading: EntryReading): string | null => {
  const subjects = reading.subjects.slice(0, 3);
  const unsaid = (name: string) => !subjects.some((s) => s.includes(name));
  const names = [...reading.people, ...reading.biblicalPeople].filter(unsaid).slice(0, 2);
  const places = reading.places.filter(unsaid).slice(0, 1);
  const items = [...names, ...subjects, ...places].slice(0, 5);
  return items.length > 0 ? `You wrote about ${list(items)}.` : null;
};

/**
 * The built-in 'Get AI insight' for a journal entry. It reads the entry (see readEntry: people, subjects, places,
 * scripture and feelings, found in this process) and says back what it is about, then picks the reflection passage
 * that best fits its words, the member's mood and the week's theme, and ends with a question about the entry itself.
 * When the entry gives too little to go on it says plainly that this is a general prompt. It never says a sentence
 * twice, and the passage's reason (`why`) is not repeated in `text`. Deterministic: the same entry, the same insight.
 */
export const entryInsight = (input: EntryInsightInput, scriptures: readonly ReflectionScripture[] = reflectionScriptures): EntryInsight => {
  const reading = readEntry(input.gratitude ? `${input.content}\n${input.gratitude}` : input.content);
  const { scripture, hits } = choosePassage(input, reading, scriptures);
  const mood = input.mood?.trim() || null;
  const moodSentence = mood ? `You wrote it from a ${mood} heart.` : null;
  const cited = reading.scripture.length > 0 ? list(reading.scripture) : null;
  const about = aboutSentence(reading);

  let sentences: (string | null)[];
  let general = false;
  if (reading.foreign) {
    general = true;
    sentences = [
      `You wrote ${quoted(reading.text, 6)}, and this reflection can only read English, so what follows is a general prompt rather than a response to your words.`,
      cited ? `You named ${cited}.` : null,
      moodSentence,
      scripture.invitation,
    ];
  } else if (cited && reading.proseWords < TOO_FEW_WORDS && !about) {
    general = true;
    sentences = [
      `You wrote down ${cited} and nothing more, so this is a general prompt built around it rather than a reflection on your own words.`,
      moodSentence,
      `What in ${reading.scripture[0]} stays with you as you read it again?`,
    ];
  } else if (reading.words < TOO_FEW_WORDS) {
    // Too few words to read: they are quoted back, and unless one of them points to a topic, said to be too few.
    general = hits === 0;
    sentences = [
      reading.words === 0 ? 'Your entry has no words yet.' : `You wrote only ${quoted(reading.text, TOO_FEW_WORDS)}.`,
      general ? 'That is too little to reflect on, so this is a general prompt.' : `It touches on ${scripture.topic}.`,
      moodSentence,
      scripture.invitation,
    ];
  } else {
    const feelings = reading.feelings.slice(0, 3);
    sentences = [
      about,
      cited ? `You brought ${cited} into it.` : null,
      feelings.length > 0 ? `You mention feeling ${list(feelings)}${mood ? `, writing from a ${mood} heart` : ''}.` : moodSentence,
      hits > 0 ? `It touches on ${scripture.topic}.` : null,
      about || hits > 0 || feelings.length > 0 ? null : `Thank you for bringing these ${reading.words} words to God today.`,
      closingQuestion(reading, scripture, hits),
    ];
  }

  // One sentence is never said twice, whichever parts happen to coincide.
  const why = `It ${scripture.because}.`;
  const said = new Set([why.toLowerCase()]);
  const text = sentences
    .filter((s): s is string => !!s)
    .flatMap(sentencesOf)
    .map(capitalised)
    .filter((s) => !said.has(s.toLowerCase()) && !!said.add(s.toLowerCase()))
    .join(' ');

  return { reference: scripture.reference, why, topic: hits > 0 ? scripture.topic : null, general, text };
};
