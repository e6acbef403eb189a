import { seededRandom } from '../../shared/seeded-random';
import { repeatedSentence, sentencesOf } from './sentences';
import { entryInsight, type EntryInsightInput } from './entry-insight';

const PETER_AT_WORK =
  "Read about Peter's call by the lake this morning. Jesus called him while he was at work, mending his nets. " +
  'I keep wondering what it would mean to hear that call at my desk, in the middle of my work.';

/** Varied entries, each with the words or names an insight on it must mention (any one of them). */
const entries: Array<{ label: string; entry: EntryInsightInput; about: RegExp }> = [
  { label: 'Peter called at work', entry: { content: PETER_AT_WORK }, about: /Peter|call|work/ },
  {
    label: 'grief',
    entry: {
      content: 'My grandmother died on Tuesday. At the funeral in Leeds I could not stop crying. I miss her laugh.',
      mood: 'reflective',
    },
    about: /grandmother|funeral|Leeds|laugh/,
  },
  {
    label: 'gratitude',
    entry: {
      content: 'A long day at home with the children.',
      gratitude: 'Thankful for a warm meal and a kind neighbour',
      mood: 'grateful',
    },
    about: /day|home|children|meal|neighbour/,
  },
  {
    label: 'a named biblical person',
    entry: { content: 'Thinking about Zacchaeus up in the tree, and how Jesus still came to his house.' },
    about: /Zacchaeus|tree|house/,
  },
  { label: 'a scripture reference only', entry: { content: 'John 21:15-17' }, about: /John 21:15-17/ },
  { label: 'a very short entry', entry: { content: 'Sat outside.' }, about: /Sat outside/ },
  {
    label: 'a long rambling entry',
    entry: {
      content: Array.from(
        { length: 40 },
        (_, i) =>
          `Day ${i} of the renovation and the kitchen is still a mess, the builder keeps promising next week, and I keep telling myself the kitchen will be worth it.`,
      ).join(' '),
    },
    about: /kitchen|renovation|builder/,
  },
  {
    label: 'text that is not English',
    entry: { content: 'Hoy fui a la iglesia con mi familia y oramos juntos por la paz del mundo.' },
    about: /Hoy fui a la iglesia/,
  },
  {
    label: 'HTML and markdown',
    entry: { content: '# Sunday\n\n**Grateful** for <b>sunshine</b> and [our small group](https://example.org) - *Maria* led the study.' },
    about: /sunshine|small group|Maria/,
  },
  {
    label: 'anger at a boss, with a chapter cited',
    entry: {
      content: "My boss shouted at me again in the meeting and I am so angry. I don't know how to forgive him. Ephesians 4 came to mind.",
    },
    about: /boss|meeting|Ephesians 4|angry/,
  },
  {
    label: 'creation and a friend',
    entry: { content: 'Walked along the beach at sunset with Tom. The sky was on fire and I felt so grateful.', mood: 'joyful' },
    about: /beach|sunset|Tom|sky/,
  },
  {
    label: 'a decision and feelings',
    entry: { content: 'We have to decide whether to move to Glasgow for the new role. I feel anxious and unsure, and Sarah is excited.' },
    about: /Glasgow|role|Sarah|anxious|unsure/,
  },
  {
    label: 'Moses, fear and a cited passage',
    entry: { content: 'Moses at the burning bush. I felt small and afraid reading Exodus 3:1-12 again.' },
    about: /Moses|burning bush|Exodus 3:1-12|small|afraid/,
  },
];

describe(entryInsight.name, () => {
  it.each(entries)('names what the entry is about and never repeats a sentence: $label', ({ entry, about }) => {
    const sut = entryInsight(entry);

    expect(sut.text).toMatch(about);
    expect(repeatedSentence(sut.text, sut.why)).toBeNull();
    expect(sut.text).toMatch(/\?$/);
  });

  it("reflects on Peter's call and the member's work, with a passage about work", () => {
    const sut = entryInsight({ content: PETER_AT_WORK });

    expect(sut.text).toBe(
      "You wrote about Jesus, Peter's call, work and the lake. It touches on work and study. What does Peter's story say to you about work?",
    );
    expect(sut.reference).toBe('Colossians 3:23-24');
    expect(sut.text).not.toMatch(/future|plans/);
  });

  it('names only what the entry says: no person, place or feeling that is not in it', () => {
    const sut = entryInsight({ content: 'Read Psalm 23 at the bus stop and felt calm for the first time this week.' });

    expect(sut.text).toBe(
      'You wrote about the bus stop. You brought Psalm 23 into it. You mention feeling calm. What might God be showing you through the bus stop?',
    );
  });

  it('says plainly that it is a general prompt when the entry gives too little', () => {
    const sut = entryInsight({ content: 'Long day, nothing new.' });

    expect(sut.general).toBe(true);
    expect(sut.text).toMatch(/^You wrote only “Long day, nothing new”\. That is too little to reflect on, so this is a general prompt\. /);
  });

  it('says it is a general prompt built around the passage when the entry is only a reference', () => {
    const sut = entryInsight({ content: 'ps 23' });

    expect(sut.general).toBe(true);
    expect(sut.text).toContain('Psalm 23');
    expect(sut.reference).not.toMatch(/^Psalm 23/);
  });

  it('says it cannot read the language rather than guessing at it', () => {
    const sut = entryInsight({ content: 'Hoy fui a la iglesia con mi familia y oramos juntos por la paz del mundo.' });

    expect(sut.general).toBe(true);
    expect(sut.text).toMatch(/only read English/);
  });

  it('returns a passage about worry when the entry speaks of being anxious, and says why apart from the text', () => {
    const sut = entryInsight({ content: 'I have been so anxious about my exams and I keep worrying at night.', mood: 'reflective' });

    expect(sut.reference).toBe('Philippians 4:6-7');
    expect(sut.topic).toBe('worry and pressure');
    expect(sut.why).toBe('It invites us to bring every worry to God with thanksgiving and promises a peace that guards our hearts.');
    expect(sut.text).not.toContain('thanksgiving');
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

  it('does not match a keyword inside an unrelated word', () => {
    // 'sin' must not fire on 'since' or 'singing'.
    const sut = entryInsight({ content: 'Since Sunday I have been singing in the car.' });
    expect(sut.reference).not.toBe('1 John 1:9');
  });

  it('offers another passage than the ones the member attached or wrote, even a chapter that holds it', () => {
    expect(entryInsight({ content: 'So worried about everything.', scriptureReference: 'phil 4:6-7' }).reference).not.toBe(
      'Philippians 4:6-7',
    );
    expect(entryInsight({ content: 'So angry with him. Ephesians 4 says to forgive but I cannot yet.' }).reference).not.toBe(
      'Ephesians 4:31-32',
    );
  });

  it('returns the same insight for the same entry', () => {
    const entry = { content: 'Quiet morning, coffee, a few verses.', mood: 'peaceful' };
    expect(entryInsight(entry)).toEqual(entryInsight({ ...entry }));
  });

  it('reads only the start of a very long entry, and quickly', () => {
    const started = performance.now();
    const sut = entryInsight({ content: `${'My work at the hospital is heavy. '.repeat(2_000)}Zacchaeus.` });

    expect(sut.text).toMatch(/hospital|work/);
    // The name at the very end is past what is read.
    expect(sut.text).not.toContain('Zacchaeus');
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe(`${entryInsight.name} on random entries`, () => {
  const pieces = [
    'I prayed for my mother at the hospital.',
    'Work was busy and my boss was kind.',
    'Read Psalm 46:10 twice.',
    'Ruth stayed with Naomi.',
    'I felt anxious and tired.',
    'The garden was beautiful after the rain.',
    'Thankful for our small group.',
    'Nothing much happened.',
    'We argued again and I am hurt.',
    'Paul wrote from prison in Rome.',
    '**Lord**, teach me to wait.',
    'Grace.',
  ];
  const moods = [null, 'joyful', 'peaceful', 'grateful', 'reflective', 'hopeful'];

  it('never says a sentence twice and always ends with one question, for any mix of what members write', () => {
    const random = seededRandom('entry-insight');
    for (let i = 0; i < 60; i++) {
      const content = Array.from({ length: 1 + Math.floor(random() * 5) }, () => pieces[Math.floor(random() * pieces.length)]).join(' ');
      const sut = entryInsight({ content, mood: moods[Math.floor(random() * moods.length)] });

      expect({ content, repeated: repeatedSentence(sut.text, sut.why) }).toEqual({ content, repeated: null });
      expect({ content, questions: sentencesOf(sut.text).filter((s) => s.endsWith('?')).length }).toEqual({ content, questions: 1 });
      expect(sut.text).toMatch(/\?$/);
    }
  });
});

describe(repeatedSentence.name, () => {
  it('finds a sentence said twice, case and punctuation aside, across texts', () => {
    expect(repeatedSentence('God is near. Rest in him.', 'god is near!')).toBe('god is near!');
    expect(repeatedSentence('God is near. Rest in him.', 'It fits.')).toBeNull();
  });

  it('splits after a closing quote', () => {
    expect(sentencesOf('You wrote only “Tired.” Rest now.')).toEqual(['You wrote only “Tired.”', 'Rest now.']);
  });
});
