import { bibleBooks, type BibleBook } from './bible-books';

/**
 * Recognises a scripture reference as people type it ('ps 23:1-3', '1cor 13.4–7', 'First John 4')
 * and gives it back in one canonical form ('Psalm 23:1-3', '1 Corinthians 13:4-7', '1 John 4').
 * Deliberately small: one passage per call, English book names, chapter numbers checked against
 * the book. `bible-passage-reference-parser` would add many languages and free-text scanning;
 * this is the seam where it would plug in.
 */
export interface ScriptureReference {
  book: string;
  chapter: number;
  verse?: number;
  endChapter?: number;
  endVerse?: number;
  /** Further verses of the same chapter after a comma ('Psalm 23:1-3, 6'), kept as written. */
  more?: string;
  /** The canonical text, e.g. 'Psalm 23:1-3'. */
  text: string;
}

const normaliseName = (name: string): string =>
  name
    .toLowerCase()
    .replace(/\./g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(iii|third|3rd)\s*/, '3 ')
    .replace(/^(ii|second|2nd)\s*/, '2 ')
    .replace(/^(i|first|1st)\s+/, '1 ')
    .replace(/^([123])\s*(?=[a-z])/, '$1 ');

const byAlias = new Map<string, BibleBook>();
for (const entry of bibleBooks) {
  for (const alias of [entry.name, ...entry.aliases]) {
    const key = normaliseName(alias);
    // First writer wins, so an alias shared by two books ('co') keeps the more common reading.
    if (!byAlias.has(key)) byAlias.set(key, entry);
  }
}

/** The book a name denotes: an exact name or abbreviation, else an unambiguous prefix of a full name. */
export const findBibleBook = (name: string): BibleBook | null => {
  const key = normaliseName(name);
  if (!key) return null;
  const exact = byAlias.get(key);
  if (exact) return exact;
  if (key.replace(/^[123] /, '').length < 3) return null;
  const matches = bibleBooks.filter((b) => normaliseName(b.name).startsWith(key));
  return matches.length === 1 ? matches[0] : null;
};

const REFERENCE =
  /^\s*((?:[123]|i{1,3}|first|second|third|1st|2nd|3rd)?\s*[a-z][a-z .]*?)\s*(\d+)(?:\s*[:.]\s*(\d+))?(?:\s*[-–—]\s*(\d+)(?:\s*[:.]\s*(\d+))?)?((?:\s*,\s*\d+(?:\s*[-–—]\s*\d+)?)*)\s*$/i;

const bookLabel = (entry: BibleBook, spansChapters: boolean): string => (entry.name === 'Psalms' && !spansChapters ? 'Psalm' : entry.name);

/** The reference in canonical form, or null when it is not a reference to a real book and chapter. */
export const parseScriptureReference = (input: string): ScriptureReference | null => {
  const match = REFERENCE.exec(input.replace(/\u00a0/g, ' '));
  if (!match) return null;
  const entry = findBibleBook(match[1]);
  if (!entry) return null;
  const [first, second, third, fourth] = [match[2], match[3], match[4], match[5]].map((n) => (n === undefined ? undefined : Number(n)));
  const more = match[6] ? match[6].replace(/\s+/g, '').replace(/[–—]/g, '-').replace(/,/g, ', ') : undefined;

  // In a one-chapter book a lone number is a verse ('Jude 3' is Jude 1:3).
  const oneChapter = entry.chapters === 1 && second === undefined;
  const chapter = oneChapter ? 1 : (first as number);
  const verse = oneChapter ? first : second;
  let endChapter: number | undefined;
  let endVerse: number | undefined;
  if (third !== undefined) {
    if (fourth !== undefined) [endChapter, endVerse] = [third, fourth];
    else if (verse !== undefined) endVerse = third;
    else endChapter = third;
  }

  const lastChapter = endChapter ?? chapter;
  if (chapter < 1 || lastChapter > entry.chapters || lastChapter < chapter) return null;
  if (verse === 0 || endVerse === 0) return null;
  if (endChapter === undefined && verse !== undefined && endVerse !== undefined && endVerse < verse) return null;
  if (endChapter !== undefined && endVerse !== undefined && verse === undefined) return null;
  if (more && verse === undefined) return null;

  const spansChapters = endChapter !== undefined && endChapter !== chapter;
  let text = `${bookLabel(entry, spansChapters)} ${chapter}`;
  if (verse !== undefined) text += `:${verse}`;
  if (endChapter !== undefined && endVerse !== undefined) text += endChapter === chapter ? `-${endVerse}` : `-${endChapter}:${endVerse}`;
  else if (endChapter !== undefined) text += `-${endChapter}`;
  else if (endVerse !== undefined) text += `-${endVerse}`;
  if (more) text += more;

  return {
    book: entry.name,
    chapter,
    ...(verse !== undefined ? { verse } : {}),
    ...(endChapter !== undefined && endChapter !== chapter ? { endChapter } : {}),
    ...(endVerse !== undefined ? { endVerse } : {}),
    ...(more ? { more: more.replace(/^,\s*/, '') } : {}),
    text,
  };
};

/** The canonical text of a reference, or null when it is not one (the journal keeps free text as typed). */
export const normaliseScriptureReference = (input: string): string | null => parseScriptureReference(input)?.text ?? null;
