import type { HabitFrequency, moods } from '@abide/contracts';
import { seededRandom } from '../shared/seeded-random';

/**
 * What one bench member does over their history: which habits they keep and how faithfully, how often they write in
 * their journal and tick off plan activities. Drawn from a seeded generator, so the same member index always gets
 * the same life (two seeds of one size are alike), and the figures spread the way real members' do.
 */
export interface HabitSpec {
  name: string;
  category: string;
  description: string;
  frequency: HabitFrequency;
  reminderTime: string | null;
}

export interface HistoryProfile {
  habits: HabitSpec[];
  /** Chance of checking in a scheduled habit on a day. */
  checkInRate: number;
  /** Chance of writing a journal entry on a day. */
  journalRate: number;
  /** Chance of completing each of the day's plan activities. */
  planRate: number;
}

export { seededRandom };

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)];
const between = (random: () => number, low: number, high: number) => low + random() * (high - low);

const habitCatalog: HabitSpec[] = [
  {
    name: 'Morning prayer',
    category: 'prayer',
    description: 'Ten quiet minutes before the day begins.',
    frequency: { kind: 'daily' },
    reminderTime: '07:00',
  },
  {
    name: 'Read a psalm',
    category: 'bible-study',
    description: 'One psalm, read slowly.',
    frequency: { kind: 'daily' },
    reminderTime: null,
  },
  {
    name: 'Gratitude list',
    category: 'gratitude',
    description: 'Three things from today.',
    frequency: { kind: 'daily' },
    reminderTime: '21:00',
  },
  {
    name: 'Evening examen',
    category: 'prayer',
    description: 'Looking back over the day with God.',
    frequency: { kind: 'daily' },
    reminderTime: '21:30',
  },
  {
    name: 'Memorise a verse',
    category: 'scripture-memory',
    description: 'One verse a week, a few minutes a day.',
    frequency: { kind: 'weekdays', days: [1, 3, 5] },
    reminderTime: '12:30',
  },
  {
    name: 'Worship playlist',
    category: 'worship',
    description: 'Sing along on the way to work.',
    frequency: { kind: 'weekdays', days: [1, 2, 3, 4, 5] },
    reminderTime: null,
  },
  { name: 'Call someone who is lonely', category: 'fellowship', description: '', frequency: { kind: 'weekly' }, reminderTime: null },
  {
    name: 'Volunteer at the food bank',
    category: 'service',
    description: 'Saturday mornings.',
    frequency: { kind: 'weekly' },
    reminderTime: '08:00',
  },
  {
    name: 'Silent walk',
    category: 'meditation',
    description: 'Twenty minutes without the phone.',
    frequency: { kind: 'weekdays', days: [0, 6] },
    reminderTime: null,
  },
];

/** Three habits (two daily ones first), and the member's faithfulness. */
export const historyProfile = (memberIndex: number): HistoryProfile => {
  const random = seededRandom(memberIndex * 7919 + 17);
  const daily = habitCatalog.filter((h) => h.frequency.kind === 'daily');
  const other = habitCatalog.filter((h) => h.frequency.kind !== 'daily');
  const first = pick(random, daily);
  const second = pick(
    random,
    daily.filter((h) => h !== first),
  );
  return {
    habits: [first, second, pick(random, other)],
    checkInRate: between(random, 0.35, 0.95),
    journalRate: between(random, 0.1, 0.6),
    planRate: between(random, 0.2, 0.8),
  };
};

/** Whether a habit asks for a check-in on a weekday (0 = Sunday); a weekly habit is done on one day of the week. */
export const scheduledOn = (frequency: HabitFrequency, weekday: number, memberIndex: number): boolean => {
  if (frequency.kind === 'daily') return true;
  if (frequency.kind === 'weekdays') return frequency.days.includes(weekday);
  return weekday === memberIndex % 7;
};

const sentences = [
  'Sat by the window with the morning light and read slowly.',
  'The verse about rest stayed with me through a long day at work.',
  'I noticed how quickly I reach for my phone instead of for quiet.',
  'Prayed for my sister, who starts a new job next week.',
  'Grateful for a slow breakfast and an unhurried conversation.',
  'Felt distracted, but came back to the words again and again.',
  'A neighbour needed help with groceries; it changed my whole afternoon.',
  'I want to be quicker to listen and slower to speak.',
  'Our small group talked about forgiveness and it was harder than I expected.',
  'Walked in the park and thanked God for the ordinary things.',
  'Wrote down three worries and handed them over one by one.',
  'The psalm today was honest about fear, which helped me be honest too.',
];
const scriptures = [
  'Psalm 23:1-3',
  'John 3:16',
  'Romans 8:28',
  'Philippians 4:6-7',
  'Isaiah 40:31',
  'Matthew 11:28-30',
  'Proverbs 3:5-6',
  'Lamentations 3:22-23',
];
const gratitudes = [
  'A call from an old friend.',
  'Warm soup on a cold evening.',
  'The kindness of a stranger.',
  'Sunlight after three grey days.',
  '',
];
const moodList: readonly (typeof moods)[number][] = ['joyful', 'peaceful', 'grateful', 'reflective', 'hopeful'];

/** A journal entry as a member writes one: a few sentences, sometimes a scripture, a mood and a thank-you. */
export const journalFields = (random: () => number) => {
  const count = 2 + Math.floor(random() * 6);
  const content = Array.from({ length: count }, () => pick(random, sentences)).join(' ');
  return {
    content,
    scriptureReference: random() < 0.6 ? pick(random, scriptures) : null,
    mood: random() < 0.8 ? pick(random, moodList) : null,
    gratitude: pick(random, gratitudes) || null,
    isPrivate: random() < 0.9,
    draft: false,
  };
};
