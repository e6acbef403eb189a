import { findBibleBook, normaliseScriptureReference, parseScriptureReference } from './scripture-reference';

describe(normaliseScriptureReference.name, () => {
  it.each([
    ['Psalm 23:1-3', 'Psalm 23:1-3'],
    ['ps 23:1-3', 'Psalm 23:1-3'],
    ['Psalms 23', 'Psalm 23'],
    ['Psalms 120-134', 'Psalms 120-134'],
    ['1cor 13.4–7', '1 Corinthians 13:4-7'],
    ['I Cor. 13:4 - 7', '1 Corinthians 13:4-7'],
    ['First John 4:7', '1 John 4:7'],
    ['1 Jn 4', '1 John 4'],
    ['jn 3:16', 'John 3:16'],
    ['Matt 5:1-7:29', 'Matthew 5:1-7:29'],
    ['Song of Solomon 2:10', 'Song of Songs 2:10'],
    ['Jude 3', 'Jude 1:3'],
    ['Phil 4:6-7', 'Philippians 4:6-7'],
    ['Philem 1:7', 'Philemon 1:7'],
    ['Rev 21:1-5', 'Revelation 21:1-5'],
    ['Psalm 23:1-3, 6', 'Psalm 23:1-3, 6'],
    ['Lamentations 3:22-23', 'Lamentations 3:22-23'],
    ['  micah 6:8 ', 'Micah 6:8'],
    ['Deuteronomy 6', 'Deuteronomy 6'],
  ])('returns the canonical form when given %p', (input, expected) => {
    expect(normaliseScriptureReference(input)).toBe(expected);
  });

  it.each([['Hezekiah 3:16'], ['John 22:1'], ['Jude 2:1'], ['Psalm 23:5-2'], ['Psalm 0'], ['Love is patient'], [''], ['John'], ['3:16']])(
    'returns null when given %p',
    (input) => {
      expect(normaliseScriptureReference(input)).toBeNull();
    },
  );
});

describe(parseScriptureReference.name, () => {
  it('returns the parts of a verse range', () => {
    expect(parseScriptureReference('Isa 40:28-31')).toEqual({
      book: 'Isaiah',
      chapter: 40,
      verse: 28,
      endVerse: 31,
      text: 'Isaiah 40:28-31',
    });
  });

  it('returns the parts of a range across chapters', () => {
    expect(parseScriptureReference('Matt 5:1-7:29')).toMatchObject({ chapter: 5, verse: 1, endChapter: 7, endVerse: 29 });
  });
});

describe(findBibleBook.name, () => {
  it('returns the book when given an unambiguous prefix', () => {
    expect(findBibleBook('Ecclesia')?.name).toBe('Ecclesiastes');
    expect(findBibleBook('Revelations')?.name).toBe('Revelation');
  });

  it('returns null when the prefix fits several books', () => {
    expect(findBibleBook('Ju')).toBeNull();
  });
});
