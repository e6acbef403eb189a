/**
 * The 66 books of the Protestant canon with their chapter counts and the abbreviations people type.
 * Enough to recognise and normalise a reference; verse counts are left to the Bible text data.
 */
export interface BibleBook {
  name: string;
  chapters: number;
  aliases: readonly string[];
}

const book = (name: string, chapters: number, ...aliases: string[]): BibleBook => ({ name, chapters, aliases });

// Numbered books share their abbreviations: '1 Cor', '2 Cor', …
const numbered = (count: number, name: string, chapters: readonly number[], ...aliases: string[]): BibleBook[] =>
  Array.from({ length: count }, (_, i) => book(`${i + 1} ${name}`, chapters[i], ...aliases.map((a) => `${i + 1} ${a}`)));

export const bibleBooks: readonly BibleBook[] = [
  book('Genesis', 50, 'gen', 'ge', 'gn'),
  book('Exodus', 40, 'exod', 'exo', 'ex'),
  book('Leviticus', 27, 'lev', 'lv'),
  book('Numbers', 36, 'num', 'nm', 'nu'),
  book('Deuteronomy', 34, 'deut', 'dt'),
  book('Joshua', 24, 'josh', 'jos'),
  book('Judges', 21, 'judg', 'jdg'),
  book('Ruth', 4, 'rth', 'ru'),
  ...numbered(2, 'Samuel', [31, 24], 'sam', 'sa', 'sm'),
  ...numbered(2, 'Kings', [22, 25], 'kgs', 'ki', 'kin'),
  ...numbered(2, 'Chronicles', [29, 36], 'chr', 'chron'),
  book('Ezra', 10, 'ezr'),
  book('Nehemiah', 13, 'neh', 'ne'),
  book('Esther', 10, 'esth', 'est'),
  book('Job', 42, 'jb'),
  book('Psalms', 150, 'psalm', 'ps', 'psa', 'pss', 'psm'),
  book('Proverbs', 31, 'prov', 'pro', 'prv', 'pr'),
  book('Ecclesiastes', 12, 'eccl', 'eccles', 'ecc', 'qoh'),
  book('Song of Songs', 8, 'song of solomon', 'song', 'sos', 'canticles', 'cant'),
  book('Isaiah', 66, 'isa', 'is'),
  book('Jeremiah', 52, 'jer', 'je'),
  book('Lamentations', 5, 'lam', 'la'),
  book('Ezekiel', 48, 'ezek', 'eze', 'ezk'),
  book('Daniel', 12, 'dan', 'dn', 'da'),
  book('Hosea', 14, 'hos', 'ho'),
  book('Joel', 3, 'jl'),
  book('Amos', 9, 'am'),
  book('Obadiah', 1, 'obad', 'ob'),
  book('Jonah', 4, 'jon', 'jnh'),
  book('Micah', 7, 'mic', 'mc'),
  book('Nahum', 3, 'nah', 'na'),
  book('Habakkuk', 3, 'hab', 'hb'),
  book('Zephaniah', 3, 'zeph', 'zep'),
  book('Haggai', 2, 'hag', 'hg'),
  book('Zechariah', 14, 'zech', 'zec'),
  book('Malachi', 4, 'mal', 'ml'),
  book('Matthew', 28, 'matt', 'mat', 'mt'),
  book('Mark', 16, 'mrk', 'mk', 'mar'),
  book('Luke', 24, 'luk', 'lk'),
  book('John', 21, 'jn', 'jhn', 'joh'),
  book('Acts', 28, 'act', 'ac'),
  book('Romans', 16, 'rom', 'ro', 'rm'),
  ...numbered(2, 'Corinthians', [16, 13], 'cor', 'co'),
  book('Galatians', 6, 'gal', 'ga'),
  book('Ephesians', 6, 'eph', 'ephes'),
  book('Philippians', 4, 'phil', 'php', 'pp'),
  book('Colossians', 4, 'col', 'co'),
  ...numbered(2, 'Thessalonians', [5, 3], 'thess', 'thes', 'th'),
  ...numbered(2, 'Timothy', [6, 4], 'tim', 'ti', 'tm'),
  book('Titus', 3, 'tit', 'ti'),
  book('Philemon', 1, 'philem', 'phlm', 'phm'),
  book('Hebrews', 13, 'heb'),
  book('James', 5, 'jas', 'jm'),
  ...numbered(2, 'Peter', [5, 3], 'pet', 'pt', 'pe'),
  ...numbered(3, 'John', [5, 1, 1], 'jn', 'jhn', 'joh'),
  book('Jude', 1, 'jud', 'jde'),
  book('Revelation', 22, 'rev', 're', 'revelations', 'apocalypse'),
];
