import { entryInsight } from './entry-insight';

describe(entryInsight.name, () => {
  it('returns a passage about worry when the entry speaks of being anxious, and says why', () => {
    const sut = entryInsight({ content: 'I have been so anxious about the new job and I keep worrying at night.', mood: 'reflective' });
    expect(sut.reference).toBe('Philippians 4:6-7');
    expect(sut.topic).toBe('worry and pressure');
    expect(sut.text).toBe(
      'Your reflection touches on worry and pressure, written from a reflective heart. Philippians 4:6-7 fits here because it invites us to bring every worry to God with thanksgiving and promises a peace that guards our hearts. Which one worry could you hand to God in prayer before you sleep tonight?',
    );
  });

  it('returns a passage for sorrow when the entry speaks of grief', () => {
    expect(entryInsight({ content: 'The funeral was today. I miss her and I cried in the car.' }).reference).toBe('Psalm 34:18');
  });

  it('returns a gratitude passage when the gratitude field carries the words', () => {
    const sut = entryInsight({
      content: 'A long day at home with the children.',
      gratitude: 'Thankful for a warm meal and a kind neighbour',
      mood: 'grateful',
    });
    expect(sut.reference).toBe('Psalm 103:1-5');
  });

  it('returns a passage chosen by mood when no keyword matches', () => {
    const sut = entryInsight({ content: 'Sat by the window for a while.', mood: 'joyful' });
    expect(sut.topic).toBeNull();
    expect(sut.text.startsWith('Your reflection comes from a joyful heart. ')).toBe(true);
  });

  it('returns a reflection that names the entry length when there is nothing else to go on', () => {
    const sut = entryInsight({ content: 'Sat by the window for a while.' });
    expect(sut.text.startsWith('Thank you for bringing these 7 words to God today. ')).toBe(true);
  });

  it('returns two or three sentences', () => {
    const sut = entryInsight({ content: 'Work was stressful but my friend prayed with me.', mood: 'hopeful' });
    const sentences = sut.text.split(/(?<=[.?!])\s+/);
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    expect(sentences.length).toBeLessThanOrEqual(3);
  });

  it('does not match a keyword inside an unrelated word', () => {
    // 'sin' must not fire on 'since' or 'singing'.
    const sut = entryInsight({ content: 'Since Sunday I have been singing in the car.' });
    expect(sut.reference).not.toBe('1 John 1:9');
  });

  it('returns another passage than the one the member attached', () => {
    const sut = entryInsight({ content: 'So worried about everything.', scriptureReference: 'phil 4:6-7' });
    expect(sut.reference).not.toBe('Philippians 4:6-7');
  });

  it('returns the same insight for the same entry', () => {
    const entry = { content: 'Quiet morning, coffee, a few verses.', mood: 'peaceful' };
    expect(entryInsight(entry)).toEqual(entryInsight({ ...entry }));
  });
});
