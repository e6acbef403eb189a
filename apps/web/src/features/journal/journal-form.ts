import { JOURNAL_PREVIEW_CHARS, moods, type JournalEntry } from '@abide/contracts';
import type { JournalEntryRequest } from './journalApi';

export type Mood = (typeof moods)[number];

export interface ReflectionFormValues {
  content: string;
  scriptureReference?: string;
  mood?: Mood | null;
  gratitude?: string;
  isPrivate: boolean;
}

/** The form starts, and after a save returns to, empty and private. */
export const emptyReflection: ReflectionFormValues = {
  content: '',
  scriptureReference: '',
  mood: null,
  gratitude: '',
  isPrivate: true,
};

export const moodOptions: ReadonlyArray<{ value: Mood; label: string }> = moods.map((value) => ({
  value,
  label: value.charAt(0).toUpperCase() + value.slice(1),
}));

export function moodLabel(mood: string | null | undefined): string | null {
  return moodOptions.find((option) => option.value === mood)?.label ?? null;
}

/** Words are split on whitespace. */
export function wordCount(text: string | undefined | null): number {
  const trimmed = (text ?? '').trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

/** Content must not be empty after trimming. */
export function isBlank(text: string | undefined | null): boolean {
  return !(text ?? '').trim();
}

export function toEntryRequest(values: ReflectionFormValues, { draft = false } = {}): JournalEntryRequest {
  return {
    content: draft ? (values.content ?? '') : values.content.trim(),
    scriptureReference: values.scriptureReference?.trim() ?? '',
    mood: values.mood ?? null,
    gratitude: values.gratitude?.trim() ?? '',
    isPrivate: values.isPrivate ?? true,
    draft,
  };
}

export function toReflectionValues(entry: JournalEntry): ReflectionFormValues {
  return {
    content: entry.content,
    scriptureReference: entry.scriptureReference ?? '',
    mood: moods.find((mood) => mood === entry.mood) ?? null,
    gratitude: entry.gratitude ?? '',
    isPrivate: entry.isPrivate,
  };
}

/** Previews are cut at 100 characters. */
export function previewOf(content: string, limit = JOURNAL_PREVIEW_CHARS): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  return flat.length > limit ? `${flat.slice(0, limit).trimEnd()}…` : flat;
}

/** Dictated words join what is already written with one space. */
export function appendDictation(current: string | undefined, spoken: string): string {
  const words = spoken.trim();
  if (!words) return current ?? '';
  const base = (current ?? '').replace(/\s+$/, '');
  return base ? `${base} ${words}` : words;
}
