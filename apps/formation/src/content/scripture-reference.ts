import type { bcv_parser as BcvParser } from 'bible-passage-reference-parser';
import { bibleBookNames } from './bible-book-names';

/** What a member sees when the text they gave is no reference we can read. */
export const UNREADABLE_SCRIPTURE_MESSAGE = "We couldn't read that scripture reference. Try a form like 'John 3:16' or 'Psalm 23:1-3'.";

/** A run of verses within one book; a whole chapter runs from verse 1 to its last verse. */
export interface VerseSpan {
  chapter: number;
  verse: number;
  endChapter: number;
  endVerse: number;
}

/** A reference to verses of one book, e.g. 'Psalm 23:1-3, 6'. */
export interface ScriptureReference {
  /** The book's OSIS code ('Ps', '1Cor'). */
  book: string;
  /** The canonical text, e.g. 'Psalm 23:1-3, 6'. */
  text: string;
  /** The verses it names, in the order written. */
  spans: VerseSpan[];
}

/** `unreadable`: not a reference we can read; `not-in-bible`: a real book, but no such chapter or verse. */
export type ScriptureParse = { ok: true; reference: ScriptureReference } | { ok: false; reason: 'unreadable' | 'not-in-bible' };

interface Point {
  b: string;
  c: number;
  v: number;
}
interface ParsedPart {
  osis: string;
  indices: [number, number];
  start: Point;
  end: Point;
  entities: Array<{ valid: { valid: boolean } }>;
}
interface ParsedPassage {
  indices: [number, number];
  translations?: string[];
  entities: ParsedPart[];
}

let parser: BcvParser | undefined;
/**
 * bible-passage-reference-parser's English build. Its ES-module entry needs a language object and cannot be
 * required from our CommonJS services and Jest, so we load the CommonJS build it ships for this (see its readme).
 */
const bcv = (): BcvParser => {
  if (!parser) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { bcv_parser } = require('bible-passage-reference-parser/cjs/en_bcv_parser.js') as { bcv_parser: new () => BcvParser };
    parser = new bcv_parser().set_options({
      // Whole chapters come back as 'Ps.23', verse ranges as 'Ps.23.1-Ps.23.3'.
      osis_compaction_strategy: 'bc',
      // Keep invalid passages, so 'John 22:1' can be told apart from text that names no passage at all.
      invalid_passage_strategy: 'include',
      invalid_sequence_strategy: 'include',
      // 'John 3:16, 17' stays two verses as written rather than becoming 'John 3:16-17'.
      consecutive_combination_strategy: 'separate',
      // The World English Bible we show has 3 John in 14 verses, as the KJV does.
      versification_system: 'kjv',
    });
  }
  return parser;
};

const OSIS = /^(\w+)\.(\d+)(?:\.(\d+))?(?:-(\w+)\.(\d+)(?:\.(\d+))?)?$/;

interface Segment {
  chapter: number;
  verse?: number;
  endChapter?: number;
  endVerse?: number;
}

const segmentOf = (osis: string): { book: string; segment: Segment } | null => {
  const m = OSIS.exec(osis);
  if (!m || (m[4] !== undefined && m[4] !== m[1])) return null;
  const n = (s: string | undefined) => (s === undefined ? undefined : Number(s));
  return { book: m[1], segment: { chapter: Number(m[2]), verse: n(m[3]), endChapter: n(m[5]), endVerse: n(m[6]) } };
};

const lastChapterOf = (s: Segment) => s.endChapter ?? s.chapter;

/** '23:1-3', '5-7', '3:16-4:2', '119'. */
const spanText = (s: Segment, withChapter: boolean): string => {
  let text = s.verse === undefined ? `${s.chapter}` : withChapter ? `${s.chapter}:${s.verse}` : `${s.verse}`;
  if (s.endChapter !== undefined && s.endChapter !== s.chapter)
    text += s.endVerse === undefined ? `-${s.endChapter}` : `-${s.endChapter}:${s.endVerse}`;
  else if (s.endVerse !== undefined && s.endVerse !== s.verse) text += `-${s.endVerse}`;
  return text;
};

/** Our canonical form: 'Psalm 23:1-3, 6', 'Psalms 120-134', 'John 3:16; 4:1', '1 Corinthians 13:4-7'. */
const format = (book: string, segments: Segment[]): string => {
  const oneChapter = segments.every((s) => s.chapter === segments[0].chapter && lastChapterOf(s) === s.chapter);
  const label = book === 'Ps' && oneChapter ? 'Psalm' : bibleBookNames[book];
  let text = `${label} ${spanText(segments[0], true)}`;
  for (let i = 1; i < segments.length; i++) {
    const [before, s] = [segments[i - 1], segments[i]];
    const sameKind = (before.verse === undefined) === (s.verse === undefined);
    if (s.verse !== undefined && sameKind && s.chapter === lastChapterOf(before)) text += `, ${spanText(s, false)}`;
    else if (s.verse === undefined && sameKind) text += `, ${spanText(s, true)}`;
    else if (s.verse !== undefined) text += `; ${spanText(s, true)}`;
    // A chapter after verses ('John 3:16; 4') would read back as a verse, so the book is named again.
    else text += `; ${label} ${spanText(s, true)}`;
  }
  return text;
};

/**
 * Reads a scripture reference as people type it ('ps 23:1-3', '1cor 13.4–7', 'First John 4') with
 * bible-passage-reference-parser and gives it back in one canonical form ('Psalm 23:1-3', '1 Corinthians 13:4-7',
 * '1 John 4'). The whole input must be the reference (not a sentence that contains one), in one book.
 */
export const parseScripture = (input: string): ScriptureParse => {
  const text = input.replace(/\u00a0/g, ' ').trim();
  const unreadable = { ok: false, reason: 'unreadable' } as const;
  if (!text) return unreadable;
  const passages = bcv().parse(text).parsed_entities() as ParsedPassage[];
  if (passages.length !== 1) return unreadable;
  const [passage] = passages;
  if (passage.indices[0] !== 0 || passage.indices[1] !== text.length || passage.translations?.some((t) => t !== '')) return unreadable;
  const parts = passage.entities;
  if (parts.length === 0) return unreadable;
  if (parts.some((p) => p.entities.some((e) => !e.valid.valid) || !p.osis)) return { ok: false, reason: 'not-in-bible' };
  // The parser reads a backwards range ('Psalm 23:5-2') as two verses; we take it for a slip and refuse it.
  for (let i = 1; i < parts.length; i++) if (/[-–—]/.test(text.slice(parts[i - 1].indices[1], parts[i].indices[0]))) return unreadable;

  const read = parts.map((p) => segmentOf(p.osis));
  const book = read[0]?.book;
  if (!book || !bibleBookNames[book] || read.some((r) => r === null || r.book !== book)) return unreadable;
  return {
    ok: true,
    reference: {
      book,
      text: format(
        book,
        read.map((r) => (r as { segment: Segment }).segment),
      ),
      spans: parts.map((p) => ({ chapter: p.start.c, verse: p.start.v, endChapter: p.end.c, endVerse: p.end.v })),
    },
  };
};

/** The reference in canonical form, or null when it is not a reference to verses that exist. */
export const parseScriptureReference = (input: string): ScriptureReference | null => {
  const parsed = parseScripture(input);
  return parsed.ok ? parsed.reference : null;
};

/** The canonical text of a reference, or null when it is not one (the journal keeps free text as typed). */
export const normaliseScriptureReference = (input: string): string | null => parseScriptureReference(input)?.text ?? null;

/** A scripture reference written in a text: its canonical form and where it stands (`text.slice(start, end)`). */
export interface ScriptureMention {
  reference: string;
  start: number;
  end: number;
}

/**
 * The scripture references written inside free text ('I read John 21:15-17 and Ps 23 today'), in canonical form and
 * in the order written. Inside a sentence, only what reads as a reference is taken: it must start with a capital or a
 * digit (so the word 'is' before a number is not Isaiah) and name a chapter, and it must be a passage that exists.
 */
export const scriptureMentions = (text: string): ScriptureMention[] => {
  // Text that is nothing but a reference may be written in any case ('ps 23').
  const whole = normaliseScriptureReference(text.replace(/[.!]+$/, ''));
  if (whole) return [{ reference: whole, start: 0, end: text.length }];
  const found: ScriptureMention[] = [];
  const take = (start: number, end: number) => {
    const written = text.slice(start, end);
    if (!/^[\p{Lu}\d]/u.test(written) || !/\d/.test(written.replace(/^\d\s*/, ''))) return;
    const reference = normaliseScriptureReference(written);
    if (reference) found.push({ reference, start, end });
  };
  for (const passage of bcv().parse(text).parsed_entities() as ParsedPassage[]) {
    // One passage may run over several books ('John 3:16 and Ps 23'): each run of one book is read on its own.
    let run: ParsedPart[] = [];
    const bookOf = (part: ParsedPart) => part.osis.split('.')[0];
    for (const part of passage.entities) {
      if (run.length > 0 && (!part.osis || bookOf(part) !== bookOf(run[0]))) {
        take(run[0].indices[0], run[run.length - 1].indices[1]);
        run = [];
      }
      if (part.osis) run.push(part);
    }
    if (run.length > 0) take(run[0].indices[0], run[run.length - 1].indices[1]);
  }
  return found;
};

/** The distinct references written in a text, canonical, in the order first written (see scriptureMentions). */
export const findScriptureReferences = (text: string): string[] => [...new Set(scriptureMentions(text).map((m) => m.reference))];
