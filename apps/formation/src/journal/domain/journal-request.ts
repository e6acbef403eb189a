import { journalEntryRequestSchema, moods } from '@abide/contracts';
import { z } from 'zod';
import { normaliseScriptureReference, UNREADABLE_SCRIPTURE_MESSAGE } from '../../content/scripture-reference';
import { EMPTY_ENTRY_MESSAGE, type EntryFields } from './journal-entry.decider';

export { EMPTY_ENTRY_MESSAGE };
export { UNREADABLE_SCRIPTURE_MESSAGE };

export interface FieldError {
  field: string;
  message: string;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

const issues = (error: z.ZodError): FieldError[] => error.issues.map((i) => ({ field: i.path.join('.') || '(body)', message: i.message }));

const optionalText = (max: number) => z.string().trim().max(max).optional().or(z.literal('')).nullable();

// A draft may be saved with no words yet; everything else follows the contract's entry schema.
const draftSchema = journalEntryRequestSchema.extend({ content: z.string().max(20_000).default(''), draft: z.literal(true) });
/** POST's body as the API documents it: an entry or a draft (`anyOf`: an entry with `draft: true` is both). */
export const newEntryBodySchema = z.union([journalEntryRequestSchema, draftSchema]);

/** PATCH's body: any of the fields, nothing else (documented as it is checked, journal.controller.ts). */
export const journalPatchSchema = z
  .object({
    content: z.string().max(20_000),
    scriptureReference: optionalText(80),
    mood: z.enum(moods).nullable(),
    gratitude: optionalText(2_000),
    isPrivate: z.boolean(),
    draft: z.boolean(),
    /** The entry's `updatedAt` the edit was made from (an edit queued offline sends it): saved since, it is refused. */
    basedOn: z.string().datetime({ offset: true }),
  })
  .partial()
  .strict();

/** An edit: the fields it changes, and the entry's `updatedAt` it was made from, when the client says. */
export interface EntryEdit {
  changes: Partial<EntryFields>;
  basedOn: string | null;
}

/** '' and null mean "none"; anything else must be a scripture reference we can read, kept in canonical form. */
const scripture = (raw: string | null | undefined): Parsed<string | null> => {
  const text = raw?.trim();
  if (!text) return { ok: true, value: null };
  const canonical = normaliseScriptureReference(text);
  return canonical ? { ok: true, value: canonical } : { ok: false, errors: [{ field: 'scriptureReference', message: UNREADABLE_SCRIPTURE_MESSAGE }] };
};

/** POST /journal/entries: an entry (content required after trimming) or, with `draft: true`, a draft. */
export const parseNewEntry = (body: unknown): Parsed<EntryFields> => {
  const isDraft = typeof body === 'object' && body !== null && (body as { draft?: unknown }).draft === true;
  // A missing content reads as empty, so it gets its message rather than a type error.
  const input = typeof body === 'object' && body !== null ? { content: '', ...body } : { content: '' };
  const parsed = (isDraft ? draftSchema : journalEntryRequestSchema).safeParse(input);
  if (!parsed.success) return { ok: false, errors: issues(parsed.error) };
  const ref = scripture(parsed.data.scriptureReference);
  if (!ref.ok) return ref;
  const d = parsed.data;
  return {
    ok: true,
    value: {
      content: d.content.trim(),
      scriptureReference: ref.value,
      mood: d.mood ?? null,
      gratitude: d.gratitude?.trim() || null,
      isPrivate: d.isPrivate,
      draft: d.draft,
    },
  };
};

/** PATCH /journal/entries/:id: only the fields given change; `draft: false` finishes a draft. */
export const parseEntryChanges = (body: unknown): Parsed<EntryEdit> => {
  // No body changes nothing; a body, `null` included, must be the documented object.
  const parsed = journalPatchSchema.safeParse(body === undefined ? {} : body);
  if (!parsed.success) return { ok: false, errors: issues(parsed.error) };
  const d = parsed.data;
  const changes: Partial<EntryFields> = {};
  if (d.content !== undefined) changes.content = d.content.trim();
  if (d.scriptureReference !== undefined) {
    const ref = scripture(d.scriptureReference);
    if (!ref.ok) return ref;
    changes.scriptureReference = ref.value;
  }
  if (d.mood !== undefined) changes.mood = d.mood;
  if (d.gratitude !== undefined) changes.gratitude = d.gratitude?.trim() || null;
  if (d.isPrivate !== undefined) changes.isPrivate = d.isPrivate;
  if (d.draft !== undefined) changes.draft = d.draft;
  return { ok: true, value: { changes, basedOn: d.basedOn ?? null } };
};
