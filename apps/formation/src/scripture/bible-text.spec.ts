import { bibleBookNames } from '../content/bible-book-names';
import { parseScriptureReference, type ScriptureReference } from '../content/scripture-reference';
import { BibleText, MAX_PASSAGE_VERSES } from './bible-text';

const ref = (text: string): ScriptureReference => {
  const reference = parseScriptureReference(text);
  if (!reference) throw new Error(`not a reference: ${text}`);
  return reference;
};

describe(BibleText.name, () => {
  const bible = new BibleText();

  it('returns the verses of a range in order, with their text', async () => {
    const { verses, truncated } = await bible.passage(ref('John 3:16-18'));

    expect(verses.map((v) => [v.chapter, v.verse])).toEqual([
      [3, 16],
      [3, 17],
      [3, 18],
    ]);
    expect(verses[0].text).toMatch(/^For God so loved the world, that he gave his one and only Son/);
    expect(truncated).toBe(false);
  });

  it('returns each part of a list, a whole chapter and a range across chapters', async () => {
    expect((await bible.passage(ref('Psalm 23:1-3, 6'))).verses.map((v) => v.verse)).toEqual([1, 2, 3, 6]);
    expect((await bible.passage(ref('Psalm 23'))).verses[0].text).toBe('Yahweh is my shepherd: I shall lack nothing.');
    expect((await bible.passage(ref('John 3:35-4:2'))).verses.map((v) => `${v.chapter}:${v.verse}`)).toEqual([
      '3:35',
      '3:36',
      '4:1',
      '4:2',
    ]);
  });

  it('cuts a long passage short and says so', async () => {
    const { verses, truncated } = await bible.passage(ref('Psalm 119'));

    expect([verses.length, truncated, verses.at(-1)?.verse]).toEqual([MAX_PASSAGE_VERSES, true, MAX_PASSAGE_VERSES]);
  });

  it('returns only the verses the translation has', async () => {
    // The World English Bible ends Romans 16 at verse 25 (its doxology stands at 14:24-26).
    expect((await bible.passage(ref('Romans 16:24-27'))).verses.map((v) => v.verse)).toEqual([24, 25]);
  });

  it('reads a book once and answers later requests from memory', async () => {
    const fresh = new BibleText();
    // The module object itself, which bible-text.ts reads `readFile` from at each call.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const read = jest.spyOn(require('node:fs/promises') as typeof import('node:fs/promises'), 'readFile');
    try {
      await fresh.passage(ref('Micah 6:8'));
      await fresh.passage(ref('Micah 7:18-19'));
      expect(read.mock.calls.filter(([path]) => String(path).endsWith('Mic.json'))).toHaveLength(1);
    } finally {
      read.mockRestore();
    }
  });

  it.each(Object.entries(bibleBookNames))('returns the first verse of %s', async (_, name) => {
    const { verses } = await bible.passage(ref(`${name} 1:1`));
    expect(verses[0].text.length).toBeGreaterThan(10);
  });
});
