import {
  connectionOptions,
  DEFAULT_REMINDER_FREQUENCY,
  ONBOARDING_STEPS,
  onboardingRequestSchema,
  reminderFrequencies,
  type ReminderFrequency,
  type spiritualGoals,
} from '@abide/contracts';
import type { OnboardingRequestDto } from '../../shared/api/generated/abideApi';

export type SpiritualGoal = (typeof spiritualGoals)[number];

export interface OnboardingDraft {
  spiritualGoals: SpiritualGoal[];
  connectionPreferences: OnboardingRequestDto['connectionPreferences'];
  reminderFrequency: ReminderFrequency | '';
  phoneNumber: string;
  /** The box beside the number: reminder texts at it (recorded with its time when setup completes). */
  smsOptIn: boolean;
  /** Numbers (as typed) the member proved with a texted code: texts are turned on only for one of them. */
  provedNumbers?: string[];
  /**
   * The groups and churches the member already belongs to (an accepted invitation) whose leaders they chose to share
   * their progress with: none until they choose, each on its own (#26).
   */
  sharedWith: SharedWith[];
}

/** One membership the member chose to share with in onboarding. */
export interface SharedWith {
  kind: 'group' | 'church';
  id: string;
  name: string;
}

export type OnboardingStep = 1 | 2 | 3 | 4;

export const emptyDraft: OnboardingDraft = {
  spiritualGoals: [],
  connectionPreferences: [],
  reminderFrequency: DEFAULT_REMINDER_FREQUENCY,
  phoneNumber: '',
  smsOptIn: false,
  sharedWith: [],
};

const fields = onboardingRequestSchema.shape;
const firstIssue = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? 'Please check this step');

/**
 * What keeps Continue disabled on each step, or null when the step is valid. The messages
 * are the server's, from the shared request schema.
 */
export function stepError(step: OnboardingStep, draft: OnboardingDraft): string | null {
  switch (step) {
    case 1:
      return firstIssue(fields.spiritualGoals.safeParse(draft.spiritualGoals));
    case 2:
      return firstIssue(fields.connectionPreferences.safeParse(draft.connectionPreferences));
    case 3:
      return draft.reminderFrequency
        ? firstIssue(fields.reminderFrequency.safeParse(draft.reminderFrequency))
        : 'Choose how often you would like reminders';
    case 4:
      // Optional; only characters the server would refuse stop the last step (it checks the number itself).
      if (draft.smsOptIn && !draft.phoneNumber.trim()) return 'Add a phone number to get reminder texts';
      return (
        firstIssue(fields.phoneNumber.safeParse(draft.phoneNumber)) ??
        (draft.smsOptIn && !isProved(draft) ? 'Verify this number to get reminder texts: we text you a code' : null)
      );
  }
}

/** The number typed is one the member proved with a texted code. */
export const isProved = (draft: OnboardingDraft): boolean => (draft.provedNumbers ?? []).includes(draft.phoneNumber.trim());

export const canContinue = (step: OnboardingStep, draft: OnboardingDraft): boolean => stepError(step, draft) === null;

/** 25, 50, 75, 100. */
export const progressPercent = (step: OnboardingStep): number => Math.round((step / ONBOARDING_STEPS) * 100);

export const nextStep = (step: OnboardingStep): OnboardingStep => Math.min(step + 1, ONBOARDING_STEPS) as OnboardingStep;
export const previousStep = (step: OnboardingStep): OnboardingStep => Math.max(step - 1, 1) as OnboardingStep;

/** Step 4's "what your plan will include", in plain words, from the choices made. */
export function planSummary(draft: OnboardingDraft): string[] {
  const lines: string[] = [];
  if (draft.spiritualGoals.length > 0) lines.push(`Weekly activities for ${joinWords(draft.spiritualGoals.map(lowerFirst))}`);
  const practices = connectionOptions.filter((o) => draft.connectionPreferences.includes(o.id)).map((o) => lowerWords(o.label));
  if (practices.length > 0) lines.push(`Practices built around ${joinWords(practices)}`);
  const frequency = reminderFrequencies.find((f) => f.id === draft.reminderFrequency);
  if (frequency?.id === 'none') lines.push('No reminders (you can turn them on in Settings)');
  else if (frequency) lines.push(`${frequency.label} reminders, ${lowerFirst(frequency.description)}`);
  if (draft.smsOptIn && draft.phoneNumber.trim()) lines.push(`Text message nudges to ${draft.phoneNumber.trim()}`);
  lines.push(
    draft.sharedWith.length > 0
      ? `Your progress shared with ${joinWords(draft.sharedWith.map((m) => m.name))}`
      : 'Your progress kept private (you can share it in Settings)',
  );
  lines.push('Habit tracking and a journal with reflection prompts');
  return lines;
}

/** Sentence case inside a line, keeping the names that are always capitalised. */
const properNouns = /\b(bible|god|jesus|sunday)\b/gi;
const keepProper = (text: string) => text.replace(properNouns, (word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase());
const lowerFirst = (text: string) => keepProper(text.charAt(0).toLowerCase() + text.slice(1));
const lowerWords = (text: string) => keepProper(text.toLowerCase());

function joinWords(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
