import { countWords } from './word-count';

describe(countWords.name, () => {
  it('returns the number of whitespace-separated words', () => {
    expect(countWords('Be still, and know that I am God.')).toBe(8);
  });

  it('returns 0 when the text is empty or only whitespace', () => {
    expect(countWords('')).toBe(0);
    expect(countWords(' \n\t ')).toBe(0);
  });

  it('returns the count when words are separated by newlines, tabs and runs of spaces', () => {
    expect(countWords('  Thank you\n\nfor\ttoday   ')).toBe(4);
  });

  it('counts hyphenated words, numbers and emoji between spaces as single words', () => {
    expect(countWords('a well-loved Psalm 23 🙏')).toBe(5);
  });
});
