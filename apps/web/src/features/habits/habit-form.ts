// Deep imports of @abide/contracts on a member's first page: the barrel would build every schema of every service
// at load (zod), where this page needs a few (issue #12).
import type { Habit, HabitFrequency } from '@abide/contracts';
import { habitCategories, habitCategoryId } from '@abide/contracts/src/catalog';
import type { CreateHabitRequest } from './habitsApi';
import { weekdayLong, weekdayShort } from './local-dates';

export type FrequencyKind = HabitFrequency['kind'];

/** What the Add/Edit Habit form holds; `toHabitRequest` turns it into the API's body. */
export interface HabitFormValues {
  name: string;
  category: string;
  description?: string;
  frequency: FrequencyKind;
  days?: number[];
  reminderTime?: string;
}

/** The category is sent as its id (lowercase, first space a dash), shown by its label. */
export const categoryOptions = habitCategories.map((label) => ({ value: habitCategoryId(label), label }));

export function categoryLabel(id: string): string {
  return categoryOptions.find((option) => option.value === id)?.label ?? id;
}

export const frequencyOptions: ReadonlyArray<{ value: FrequencyKind; label: string }> = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'weekdays', label: 'Chosen weekdays' },
];

export const weekdayOptions = weekdayShort.map((label, value) => ({ value, label, ariaLabel: weekdayLong[value] }));

/** The category starts unset so the select shows its placeholder. */
export const emptyHabitForm: Partial<HabitFormValues> = {
  name: '',
  category: undefined,
  description: '',
  frequency: 'daily',
  days: [],
  reminderTime: '',
};

export function toHabitRequest(values: HabitFormValues): CreateHabitRequest {
  const days = [...new Set(values.days ?? [])].sort((a, b) => a - b);
  const frequency: HabitFrequency = values.frequency === 'weekdays' ? { kind: 'weekdays', days } : { kind: values.frequency };
  const reminderTime = values.reminderTime?.trim();
  return {
    name: values.name.trim(),
    description: values.description?.trim() ?? '',
    // The select offers only the catalogue's ids (categoryOptions).
    category: values.category as CreateHabitRequest['category'],
    frequency,
    // HH:MM from the time input (some browsers add seconds); null clears a reminder.
    reminderTime: reminderTime ? reminderTime.slice(0, 5) : null,
  };
}

export function toHabitFormValues(habit: Habit): HabitFormValues {
  return {
    name: habit.name,
    category: habit.category,
    description: habit.description,
    frequency: habit.frequency.kind,
    days: habit.frequency.kind === 'weekdays' ? [...habit.frequency.days] : [],
    reminderTime: habit.reminderTime ?? '',
  };
}

export function frequencyLabel(frequency: HabitFrequency): string {
  if (frequency.kind === 'daily') return 'Daily';
  if (frequency.kind === 'weekly') return 'Weekly';
  if (frequency.days.length === 7) return 'Every day';
  return [...frequency.days]
    .sort((a, b) => a - b)
    .map((day) => weekdayShort[day])
    .join(', ');
}

/** "12 days" / "1 week": a weekly habit's streak counts weeks. */
export function streakText(count: number, unit: Habit['streakUnit']): string {
  const singular = unit === 'weeks' ? 'week' : 'day';
  return `${count} ${count === 1 ? singular : `${singular}s`}`;
}

/** "07:30" → "7:30 AM", for the reminder line. */
export function reminderText(time: string | null): string | null {
  if (!time) return null;
  const [h, m] = time.split(':').map(Number);
  if (Number.isNaN(h) || Number.isNaN(m)) return time;
  const suffix = h >= 12 ? 'PM' : 'AM';
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${suffix}`;
}
