import { findScriptureReferences, normaliseScriptureReference, parseScripture, parseScriptureReference } from './scripture-reference';

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
    ['Jn 3 16', 'John 3:16'],
    ['Matt 5:1-7:29', 'Matthew 5-7'],
    ['John 3:16-4:2', 'John 3:16-4:2'],
    ['Psalm 23:1-6', 'Psalm 23'],
    ['John 3:30-40', 'John 3:30-36'],
    ['Song of Solomon 2:10', 'Song of Songs 2:10'],
    ['Jude 3', 'Jude 1:3'],
    ['Phil 4:6-7', 'Philippians 4:6-7'],
    ['Philem 1:7', 'Philemon 1:7'],
    ['Rev 21:1-5', 'Revelation 21:1-5'],
    ['Revelations 21:1', 'Revelation 21:1'],
    ['Psalm 23:1-3, 6', 'Psalm 23:1-3, 6'],
    ['John 3:16, 17', 'John 3:16, 17'],
    ['John 3:16; 4:1', 'John 3:16; 4:1'],
    ['Psalms 23, 24', 'Psalms 23, 24'],
    ['Lamentations 3:22-23', 'Lamentations 3:22-23'],
    ['  micah 6:8 ', 'Micah 6:8'],
    ['Deuteronomy 6', 'Deuteronomy 6'],
  ])('returns the canonical form when given %p', (input, expected) => {
    expect(normaliseScriptureReference(input)).toBe(expected);
  });

  it.each([
    ['Hezekiah 3:16'],
    ['John 22:1'],
    ['Jude 2:1'],
    ['Psalm 23:5-2'],
    ['Psalm 0'],
    ['Love is patient'],
    [''],
    ['John'],
    ['3:16'],
    ['I read John 3:16 today'],
    ['John 3:16 NIV'],
    ['John 3:16, Romans 8:28'],
  ])('returns null when given %p', (input) => {
    expect(normaliseScriptureReference(input)).toBeNull();
  });

  it('returns a canonical form that reads back as itself', () => {
    for (const input of ['Psalm 23:1-3, 6', 'John 3:16; 4:1', 'Psalms 120-134', 'Jude 1:3', 'John 3:16; John 4']) {
      const canonical = normaliseScriptureReference(input) as string;
      expect([input, normaliseScriptureReference(canonical)]).toEqual([input, canonical]);
    }
  });
});

describe(parseScriptureReference.name, () => {
  it('returns the verses of a range, a whole chapter resolved to its last verse', () => {
    expect(parseScriptureReference('Isa 40:28-31')).toEqual({
      book: 'Isa',
      text: 'Isaiah 40:28-31',
      spans: [{ chapter: 40, verse: 28, endChapter: 40, endVerse: 31 }],
    });
    expect(parseScriptureReference('Psalm 23')?.spans).toEqual([{ chapter: 23, verse: 1, endChapter: 23, endVerse: 6 }]);
  });

  it('returns each part of a list and a range across chapters', () => {
    expect(parseScriptureReference('Psalm 23:1-3, 6')?.spans).toEqual([
      { chapter: 23, verse: 1, endChapter: 23, endVerse: 3 },
      { chapter: 23, verse: 6, endChapter: 23, endVerse: 6 },
    ]);
    expect(parseScriptureReference('Matt 5:1-7:29')?.spans).toEqual([{ chapter: 5, verse: 1, endChapter: 7, endVerse: 29 }]);
  });
});

describe(parseScripture.name, () => {
  it('tells a reference outside the Bible from text that is no reference', () => {
    expect(parseScripture('John 22:1')).toEqual({ ok: false, reason: 'not-in-bible' });
    expect(parseScripture('John 3:99')).toEqual({ ok: false, reason: 'not-in-bible' });
    expect(parseScripture('Hezekiah 3:16')).toEqual({ ok: false, reason: 'unreadable' });
  });
});

describe(findScriptureReferences.name, () => {
  it('returns each reference written inside a sentence, canonical, in order, once', () => {
    expect(findScriptureReferences('I read John 21:15-17 and Ps 23 today, then John 21:15-17 again.')).toEqual([
      'John 21:15-17',
      'Psalm 23',
    ]);
    expect(findScriptureReferences('Job 3 and 1 Cor 13:4-7; Genesis 1:1')).toEqual(['Job 3', '1 Corinthians 13:4-7', 'Genesis 1:1']);
  });

  it('returns a whole entry that is only a reference, in any case', () => {
    expect(findScriptureReferences('ps 23')).toEqual(['Psalm 23']);
  });

  it('returns nothing for numbers that only look like references, or passages that do not exist', () => {
    expect(findScriptureReferences('this is 5 miles from home')).toEqual([]);
    expect(findScriptureReferences('In 2 days I will read it')).toEqual([]);
    expect(findScriptureReferences('John 22:1 is not there')).toEqual([]);
  });
});
