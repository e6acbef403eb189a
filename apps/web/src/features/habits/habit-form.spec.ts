import { createHabitRequestSchema, type Habit } from '@abide/contracts';
import { categoryLabel, categoryOptions, frequencyLabel, reminderText, streakText, toHabitFormValues, toHabitRequest } from './habit-form';

describe(toHabitRequest.name, () => {
  it('returns the API body for a daily habit with a reminder, category as its id', () => {
    const sut = toHabitRequest({
      name: '  Morning prayer ',
      category: 'bible-study',
      description: ' Psalms first ',
      frequency: 'daily',
      reminderTime: '07:30',
    });
    expect(sut).toEqual({
      name: 'Morning prayer',
      description: 'Psalms first',
      category: 'bible-study',
      frequency: { kind: 'daily' },
      reminderTime: '07:30',
    });
    expect(createHabitRequestSchema.safeParse(sut).success).toBe(true);
  });

  it('returns sorted unique weekdays when the habit is on chosen days', () => {
    const sut = toHabitRequest({ name: 'Fast', category: 'fasting', frequency: 'weekdays', days: [5, 1, 5, 3] });
    expect(sut.frequency).toEqual({ kind: 'weekdays', days: [1, 3, 5] });
  });

  it('returns a null reminder when none is set and drops seconds from the time input', () => {
    expect(toHabitRequest({ name: 'A', category: 'prayer', frequency: 'weekly', reminderTime: '' }).reminderTime).toBeNull();
    expect(toHabitRequest({ name: 'A', category: 'prayer', frequency: 'weekly', reminderTime: '21:05:00' }).reminderTime).toBe(
      '21:05',
    );
  });
});

describe(toHabitFormValues.name, () => {
  it('returns the form values that map back to the same request', () => {
    const habit = {
      id: 'h1',
      name: 'Serve',
      description: 'Help a neighbour',
      category: 'service',
      frequency: { kind: 'weekdays', days: [0, 6] },
      reminderTime: '18:00',
    } as Habit;
    expect(toHabitRequest(toHabitFormValues(habit))).toEqual({
      name: 'Serve',
      description: 'Help a neighbour',
      category: 'service',
      frequency: { kind: 'weekdays', days: [0, 6] },
      reminderTime: '18:00',
    });
  });
});

describe('categoryOptions', () => {
  it('returns the nine categories with ids lowercased and the first space dashed', () => {
    expect(categoryOptions).toHaveLength(9);
    expect(categoryOptions.find((o) => o.label === 'Scripture Memory')?.value).toBe('scripture-memory');
    expect(categoryLabel('bible-study')).toBe('Bible Study');
  });
});

describe(frequencyLabel.name, () => {
  it('returns the chosen weekdays in week order', () => {
    expect(frequencyLabel({ kind: 'weekdays', days: [5, 1] })).toBe('Mon, Fri');
    expect(frequencyLabel({ kind: 'weekly' })).toBe('Weekly');
  });
});

describe(streakText.name, () => {
  it('returns weeks for a weekly habit and a singular for one', () => {
    expect(streakText(1, 'weeks')).toBe('1 week');
    expect(streakText(12, 'days')).toBe('12 days');
  });
});

describe(reminderText.name, () => {
  it('returns a 12-hour time', () => {
    expect(reminderText('07:30')).toBe('7:30 AM');
    expect(reminderText('00:05')).toBe('12:05 AM');
    expect(reminderText('13:00')).toBe('1:00 PM');
    expect(reminderText(null)).toBeNull();
  });
});
