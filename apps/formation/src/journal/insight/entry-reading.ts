import nlp from 'compromise';
import { biblicalPeople } from '../../content/biblical-people';
import { feelingWords } from '../../content/feeling-words';
import { scriptureMentions } from '../../content/scripture-reference';

/** The most of an entry that is read for its reflection: enough for a long entry, small enough to stay fast. */
export const MAX_READ_CHARS = 3_000;

/** What an entry says, read from its own words; every field holds only what is written there. */
export interface EntryReading {
  /** The text as read: markup removed, whitespace collapsed, cut at MAX_READ_CHARS. */
  text: string;
  words: number;
  /** Words outside its scripture references: 'John 3:16' alone has none. */
  proseWords: number;
  sentences: number;
  /** People of the Bible it names ('Peter', 'Ruth'), in the order written. */
  biblicalPeople: string[];
  /** Other people it names ('Anna', 'my grandmother' is a subject, not a name). */
  people: string[];
  places: string[];
  /** Its main noun phrases in the member's words turned to the second person ("Peter's call", 'your work'). */
  subjects: string[];
  /** Scripture references written in it, canonical ('John 21:15-17'). */
  scripture: string[];
  /** Feelings it names about the writer ('anxious', 'small'). */
  feelings: string[];
  /** True when it does not read as English (few of English's commonest words), so no phrase of it is analysed. */
  foreign: boolean;
}

/** Markdown and HTML an entry may carry (pasted or typed), reduced to its words. */
export const plainText = (raw: string): string =>
  raw
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&(lt|gt|quot|#39|apos);/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    // A line that ends without a stop (a heading, a list item) is a sentence of its own.
    .replace(/([\p{L}\p{N}])[ \t]*\n/gu, '$1.\n')
    .replace(/(\*\*|__|\*|_|~~|`+)(?=\S)([^*_~`]*?\S)\1/g, '$2')
    .replace(/[*_`~#|]{2,}/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The text cut to at most `max` characters at a word boundary. */
const bounded = (text: string, max: number): string => {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return space > max / 2 ? cut.slice(0, space) : cut;
};

// English's commonest words: an entry with almost none of them is in another language.
const ENGLISH_MARKERS = new Set(
  'the and i to a of in it my was is for that with me we on be have had this but so not at he she they you his her our are today god'.split(
    ' ',
  ),
);
const looksForeign = (words: readonly string[]): boolean => {
  if (words.length < 6) return false;
  const english = words.filter((w) => ENGLISH_MARKERS.has(w)).length;
  return english / words.length < 0.08;
};

// Nouns that say when, not what: they make poor subjects for a reflection.
const EMPTY_NOUNS = new Set(
  'today tonight yesterday tomorrow morning evening afternoon night day days week weeks month year time times thing things lot bit way kind sort part middle end moment moments while there here yet monday tuesday wednesday thursday friday saturday sunday god lord'.split(
    ' ',
  ),
);

const SECOND_PERSON: Record<string, string> = {
  my: 'your',
  our: 'your',
  mine: 'yours',
  ours: 'yours',
  me: 'you',
  us: 'you',
  myself: 'yourself',
};
const toSecondPerson = (phrase: string): string =>
  phrase
    .split(' ')
    .map((w) => SECOND_PERSON[w.toLowerCase()] ?? w)
    .join(' ');

const trimPunctuation = (s: string): string => s.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').replace(/\s+/g, ' ');
const unique = (items: readonly string[]): string[] => {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.toLowerCase();
    if (!item || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const BIBLICAL = biblicalPeople.map((name) => ({ name, pattern: new RegExp(`(?<![\\p{L}])${escapeRegExp(name)}(?![\\p{L}])`, 'u') }));
const FEELINGS = new Set(feelingWords);

/** The biblical people named, a longer name ('Simon Peter') hiding the shorter ones inside it. */
const biblicalPeopleIn = (text: string): string[] => {
  let rest = text;
  const named: string[] = [];
  for (const { name, pattern } of BIBLICAL) {
    if (!pattern.test(rest)) continue;
    named.push(name);
    rest = rest.replace(new RegExp(pattern.source, 'gu'), ' ');
  }
  // In the order the entry names them.
  return named.sort((a, b) => text.search(new RegExp(escapeRegExp(a), 'u')) - text.search(new RegExp(escapeRegExp(b), 'u')));
};

const PRONOUNS = new Set(
  'i me my mine myself we us our ours you your he him his she her it its they them their this that these those there here what which who something anything nothing everything someone anyone everyone yet'.split(
    ' ',
  ),
);
const PREPOSITIONS = new Set('in of at on for with by from to into about over under after before like'.split(' '));
/** The noun a phrase is about: 'the funeral in Leeds' is about a funeral, "Peter's call" about a call. */
const headNoun = (phrase: string): string | null => {
  const words = phrase.toLowerCase().split(' ');
  const cut = words.findIndex((w, i) => i > 0 && PREPOSITIONS.has(w));
  const head = (cut > 0 ? words.slice(0, cut) : words).pop()?.replace(/[’']s$/u, '') ?? '';
  return head.length > 2 && /\p{L}/u.test(head) ? head : null;
};

// 'I felt small and afraid', "I'm so tired", 'feeling anxious': a feeling word soon after a verb of being or feeling.
const FEELING_CUE = /\b(?:feel|feels|felt|feeling|am|i'm|i’m|was|were|been|being|get|got|getting|seem|seemed)\b([^.!?;]*)/giu;
const feelingsIn = (text: string): string[] => {
  const found: string[] = [];
  for (const cue of text.toLowerCase().matchAll(FEELING_CUE)) {
    const after = cue[1].match(/[\p{L}'’]+/gu) ?? [];
    for (const word of after.slice(0, 6)) if (FEELINGS.has(word)) found.push(word);
  }
  return unique(found);
};

const onlyNames = (phrase: string, names: readonly string[]): boolean => {
  let rest = ` ${phrase} `;
  for (const name of names) rest = rest.split(name).join(' ');
  return !rest.replace(/\b(and|or|the|your|&)\b/gi, ' ').match(/\p{L}{2,}/u);
};

/**
 * Reads a journal entry with compromise (sentences, noun phrases, people, places, adjectives), the project's scripture
 * reference parser and its lists of biblical people and feelings. Runs in this process: nothing is sent anywhere.
 */
export const readEntry = (raw: string): EntryReading => {
  const text = bounded(plainText(raw), MAX_READ_CHARS);
  // Reading is CPU work on the event loop: asking again about the same words (a repeated click, a flood of requests
  // for one entry) is answered from the last readings instead of read again.
  const known = recentReadings.get(text);
  if (known) return known;
  const reading = readText(text);
  recentReadings.set(text, reading);
  if (recentReadings.size > RECENT_READINGS) recentReadings.delete(recentReadings.keys().next().value as string);
  return reading;
};

/** The last readings by their text (oldest first), a bounded cache of pure results: any instance may hold any. */
const RECENT_READINGS = 200;
const recentReadings = new Map<string, EntryReading>();

const readText = (text: string): EntryReading => {
  const lowerWords = text.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? [];
  const mentions = scriptureMentions(text);
  const scripture = [...new Set(mentions.map((m) => m.reference))];
  // The references are taken out first, so 'John 3:16' is not read as a man called John.
  const prose = mentions.reduceRight((rest, m) => `${rest.slice(0, m.start)} ${rest.slice(m.end)}`, text);
  const proseWords = (prose.match(/[\p{L}\p{N}'’]+/gu) ?? []).length;
  const base = {
    text,
    words: lowerWords.length,
    proseWords,
    scripture,
    biblicalPeople: [],
    people: [],
    places: [],
    subjects: [],
    feelings: [],
  };
  if (looksForeign(lowerWords)) return { ...base, sentences: text.split(/(?<=[.!?])\s+/).filter(Boolean).length, foreign: true };

  const named = biblicalPeopleIn(prose);
  const sentenceCount = text.split(/(?<=[.!?])\s+/).filter(Boolean).length;
  try {
    return { ...base, ...readProse(prose, named), feelings: feelingsIn(text), foreign: false };
  } catch {
    // The language library failing on some text must not cost the member their reflection: what the word lists and
    // the scripture parser found is still said back.
    return { ...base, sentences: sentenceCount, biblicalPeople: named, feelings: feelingsIn(text), foreign: false };
  }
};

/** What the language library reads in the prose: its sentences, people, places and subjects (most repeated first). */
const readProse = (prose: string, named: string[]) => {
  const doc = nlp(prose);
  const phrasesOf = (view: { out: (format: 'array') => string[] }) =>
    view
      .out('array')
      .map(trimPunctuation)
      .filter((p) => /\p{L}/u.test(p));

  const isNamed = (s: string) => named.some((n) => n.toLowerCase() === s.toLowerCase());
  const people = unique(
    phrasesOf(doc.people())
      .map((p) => p.replace(/[’']s$/u, ''))
      .filter((p) => p.length > 1 && !named.some((n) => p.includes(n))),
  );
  const places = unique(phrasesOf(doc.places()));

  // Noun phrases ranked by how often their head noun comes back, then by where they first appear.
  const counts = new Map<string, { phrase: string; count: number; first: number }>();
  phrasesOf(doc.nouns()).forEach((written, i) => {
    if (written.split(' ').every((w) => PRONOUNS.has(w.toLowerCase()))) return;
    // 'The sky' at the start of a sentence is 'the sky' inside ours.
    const phrase = written.replace(/^(The|A|An|This|That|These|Those|My|Our|His|Her|Their)\b/, (d) => d.toLowerCase());
    const root = headNoun(phrase);
    if (!root || EMPTY_NOUNS.has(root) || isNamed(phrase) || PREPOSITIONS.has(phrase.split(' ')[0].toLowerCase())) return;
    const seen = counts.get(root);
    if (seen) seen.count++;
    else counts.set(root, { phrase: phrase.split(' ').length <= 4 ? phrase : root, count: 1, first: i });
  });
  const subjects = unique(
    [...counts.values()]
      .sort((a, b) => b.count - a.count || a.first - b.first)
      .map((s) => toSecondPerson(s.phrase))
      // A phrase that is only names ('Boaz and Ruth') is said through the names; "Peter's call" says more than 'Peter'.
      .filter((s) => !onlyNames(s, named)),
  );

  return { sentences: doc.sentences().length, biblicalPeople: named, people, places, subjects };
};
