import type { JournalPrompt, ReflectionScripture } from '../../content/content-types';
import { journalPrompts } from '../../content/journal-prompts';
import { reflectionScriptures } from '../../content/reflection-scriptures';
import { themes } from '../../content/themes';
import { daysBetween, type LocalDate } from '@abide/calendar';
import { pickWeighted, seededRandom, shuffled } from '../../shared/seeded-random';

/** 'Generate New Prompt' never offers one of the member's last ten prompts. */
export const RECENT_PROMPTS_EXCLUDED = 10;

// Any fixed Sunday works; it only numbers the days for the daily cycle.
const EPOCH: LocalDate = '2000-01-02';

/**
 * Today's prompt for a member: each member walks their own shuffled order of all prompts, one a day,
 * so it is stable all day, differs between members, and repeats only after the whole list.
 */
export const promptOfTheDay = (
  input: { memberId: string; date: LocalDate },
  prompts: readonly JournalPrompt[] = journalPrompts,
): JournalPrompt => {
  const order = shuffled(prompts, seededRandom(`prompt-order|${input.memberId}`));
  const day = daysBetween(EPOCH, input.date);
  return order[((day % order.length) + order.length) % order.length];
};

export interface NewPromptRequest {
  memberId: string;
  date: LocalDate;
  /** Prompt ids the member was shown, oldest first; the last ten are never offered again. */
  recentPromptIds: readonly string[];
  mood?: string | null;
  /** The theme of the member's current plan week; its prompts are favoured. */
  themeId?: string | null;
}

/** 'Generate New Prompt': a fresh prompt, favouring the week's theme and the member's mood. Deterministic for the same history. */
export const newPrompt = (request: NewPromptRequest, prompts: readonly JournalPrompt[] = journalPrompts): JournalPrompt => {
  const recent = request.recentPromptIds.slice(-RECENT_PROMPTS_EXCLUDED);
  let candidates = prompts.filter((p) => !recent.includes(p.id));
  // Only possible with a tiny list: then just avoid the prompt on screen.
  if (candidates.length === 0) candidates = prompts.filter((p) => p.id !== recent[recent.length - 1]);
  if (candidates.length === 0) candidates = [...prompts];
  const random = seededRandom(`new-prompt|${request.memberId}|${request.date}|${request.recentPromptIds.length}|${recent.join(',')}`);
  const weight = (p: JournalPrompt) =>
    1 +
    (request.themeId && p.themes.includes(request.themeId) ? 3 : 0) +
    (request.mood && (p.moods as readonly string[]).includes(request.mood) ? 2 : 0);
  return pickWeighted(candidates, weight, random) ?? candidates[0];
};

export interface ScriptureForReflection {
  reference: string;
  /** One sentence on why this passage goes with the prompt. */
  reason: string;
}

/**
 * 'Scripture for Reflection' beside a prompt: a reflection scripture sharing the prompt's theme (and
 * mood when given), else the anchor passage of the prompt's theme. Stable for the member and day.
 */
export const scriptureForPrompt = (
  input: { prompt: JournalPrompt; memberId: string; date: LocalDate; mood?: string | null },
  scriptures: readonly ReflectionScripture[] = reflectionScriptures,
): ScriptureForReflection => {
  const score = (s: ReflectionScripture) =>
    2 * s.themes.filter((t) => input.prompt.themes.includes(t)).length +
    (input.mood && (s.moods as readonly string[]).includes(input.mood) ? 1 : 0);
  const related = scriptures.filter((s) => s.themes.some((t) => input.prompt.themes.includes(t)));
  if (related.length > 0) {
    const best = Math.max(...related.map(score));
    const top = related.filter((s) => score(s) === best);
    const pick = shuffled(top, seededRandom(`reflection|${input.memberId}|${input.date}|${input.prompt.id}`))[0];
    return { reference: pick.reference, reason: `It ${pick.because}.` };
  }
  const theme = themes.find((t) => input.prompt.themes.includes(t.id)) ?? themes[0];
  return {
    reference: theme.scriptures[0],
    reason: `It is the anchor passage of “${theme.title}”: ${theme.description.split('. ')[0].replace(/\.$/, '')}.`,
  };
};
