import { curriculumMessages as m, type EventData, type SaveCurriculumDraftRequest } from '@abide/contracts';
import { v7 as uuidv7 } from 'uuid';
import { parseScripture, UNREADABLE_SCRIPTURE_MESSAGE } from '../../content/scripture-reference';

/** A curriculum as its events store it: weeks of seven days of activities. */
export type CurriculumContent = EventData<'formation.curriculum.created'>['content'];
export type CurriculumWeek = CurriculumContent['weeks'][number];
export type CurriculumActivity = CurriculumWeek['days'][number]['activities'][number];

/** The draft as the editor sends it (ids may be missing on new weeks and activities; references as typed). */
export type ContentInput = Omit<SaveCurriculumDraftRequest, 'revision'>;

export interface FieldProblem {
  field: string;
  message: string;
}

const blankToNull = (text: string | null | undefined): string | null => (text?.trim() ? text.trim() : null);

/**
 * The draft in its stored form: each scripture reference read by formation's scripture module and kept in its
 * canonical text ('ps 23:1-3' → 'Psalm 23:1-3'), empty prompts and references as null, new weeks and activities given
 * ids. Problems name the field (`weeks.0.days.2.activities.1.scripture`) so the editor shows them in place.
 */
export const normaliseContent = (input: ContentInput): { content: CurriculumContent; problems: FieldProblem[] } => {
  const problems: FieldProblem[] = [];
  const seen = new Set<string>();
  const unique = (given: string | undefined, field: string): string => {
    const id = given ?? uuidv7();
    if (seen.has(id)) problems.push({ field, message: m.duplicateIds });
    seen.add(id);
    return id;
  };
  const weeks = input.weeks.map((week, w) => ({
    id: unique(week.id, `weeks.${w}.id`),
    title: week.title.trim(),
    summary: week.summary.trim(),
    days: week.days.map((day, d) => ({
      activities: day.activities.map((activity, a) => {
        const at = `weeks.${w}.days.${d}.activities.${a}`;
        let scripture = blankToNull(activity.scripture);
        if (scripture) {
          const parsed = parseScripture(scripture);
          if (parsed.ok) scripture = parsed.reference.text;
          else
            problems.push({
              field: `${at}.scripture`,
              message: parsed.reason === 'not-in-bible' ? `${scripture} is not in the Bible. Check the chapter and verse numbers.` : UNREADABLE_SCRIPTURE_MESSAGE,
            });
        }
        return {
          id: unique(activity.id, `${at}.id`),
          name: activity.name.trim(),
          description: activity.description.trim(),
          durationMinutes: activity.durationMinutes,
          scripture,
          reflectionPrompt: blankToNull(activity.reflectionPrompt),
        };
      }),
    })),
  }));
  return { content: { title: input.title.trim(), description: input.description.trim(), weeks }, problems };
};

/** What stops a draft from being published: no week, or a week without any activity (its members would see nothing of it). */
export const publishProblems = (content: CurriculumContent): string[] => {
  if (content.weeks.length === 0) return [m.noWeeks];
  return content.weeks.flatMap((week, i) => (week.days.some((d) => d.activities.length > 0) ? [] : [m.weekWithoutActivities(i + 1)]));
};

export const sameContent = (a: CurriculumContent, b: CurriculumContent): boolean => JSON.stringify(a) === JSON.stringify(b);

/** A copy for a duplicate: new ids throughout, so the two curricula never share progress. */
export const copyOf = (content: CurriculumContent, title: string): CurriculumContent => ({
  ...content,
  title,
  weeks: content.weeks.map((week) => ({
    ...week,
    id: uuidv7(),
    days: week.days.map((day) => ({ activities: day.activities.map((a) => ({ ...a, id: uuidv7() })) })),
  })),
});

/** The distinct scriptures of a week's activities, in the order they come. */
export const weekScriptures = (week: CurriculumWeek): string[] => [
  ...new Set(week.days.flatMap((d) => d.activities.flatMap((a) => (a.scripture ? [a.scripture] : [])))),
];

export const durationText = (minutes: number): string =>
  minutes < 60 ? `${minutes} min` : minutes % 60 === 0 ? `${minutes / 60} ${minutes === 60 ? 'hour' : 'hours'}` : `${minutes} min`;
