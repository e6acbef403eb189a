import {
  DESCRIPTION_MAX,
  normaliseTags,
  type SubmissionFields,
  submissionFieldsSchema,
  TAG_MAX,
  TAGS_MAX,
  targetAudiences,
  titleFromFileName,
  TITLE_MAX,
  uploadCategoryIds,
  uploadMessages,
  visibilities,
} from '@abide/contracts';

/** A refused field: `title` and `message` are the toast's two lines where there are two. */
export interface RuleFailure {
  field: string;
  title: string;
  message: string;
}

/** Raw text fields as they arrive (multipart parts or a draft's saved values). */
export interface RawFields {
  title?: string;
  description?: string;
  category?: string;
  tags?: string[];
  targetAudience?: string;
  visibility?: string;
  groupId?: string | null;
  churchId?: string | null;
  termsAccepted?: boolean;
}

/** Tags arrive as repeated parts, a comma-separated part or a JSON array. */
export const parseTags = (values: readonly string[] | undefined): string[] => {
  const out: string[] = [];
  for (const value of values ?? []) {
    const trimmed = value.trim();
    if (trimmed.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(trimmed);
        if (Array.isArray(parsed)) {
          out.push(...parsed.filter((t): t is string => typeof t === 'string'));
          continue;
        }
      } catch {
        // not JSON: read it as a list
      }
    }
    out.push(...trimmed.split(','));
  }
  return out;
};

const invalid = (field: string, message: string): RuleFailure => ({ field, title: 'Invalid request', message });

/**
 * The upload form's checks, in its order: file (checked by the caller), title, category, terms; then the field limits.
 * A draft skips the terms. Returns the normalised fields or the first failure.
 */
export const checkSubmission = (
  raw: RawFields,
  options: { fileName: string; requireTerms: boolean },
): { ok: true; fields: SubmissionFields } | { ok: false; failure: RuleFailure } => {
  const title = raw.title?.trim() || titleFromFileName(options.fileName);
  if (!title) return { ok: false, failure: { field: 'title', ...pair(uploadMessages.noTitle) } };
  if (!raw.category || !(uploadCategoryIds as readonly string[]).includes(raw.category)) {
    return { ok: false, failure: { field: 'category', ...pair(uploadMessages.noCategory) } };
  }
  if (options.requireTerms && !raw.termsAccepted) return { ok: false, failure: { field: 'termsAccepted', ...pair(uploadMessages.noTerms) } };
  if (title.length > TITLE_MAX) return { ok: false, failure: invalid('title', `The title can be at most ${TITLE_MAX} characters.`) };
  const description = raw.description?.trim() ?? '';
  if (description.length > DESCRIPTION_MAX) return { ok: false, failure: invalid('description', `The description can be at most ${DESCRIPTION_MAX} characters.`) };
  const tags = normaliseTags(raw.tags ?? []);
  if (tags.some((t) => t.length > TAG_MAX)) return { ok: false, failure: invalid('tags', `A tag can be at most ${TAG_MAX} characters.`) };
  if (tags.length > TAGS_MAX) return { ok: false, failure: invalid('tags', `Add at most ${TAGS_MAX} tags.`) };
  const targetAudience = raw.targetAudience?.trim() || 'all-levels';
  if (!(targetAudiences as readonly string[]).includes(targetAudience)) {
    return { ok: false, failure: invalid('targetAudience', `Choose one of: ${targetAudiences.join(', ')}.`) };
  }
  const visibility = raw.visibility?.trim() || 'public';
  if (!(visibilities as readonly string[]).includes(visibility)) return { ok: false, failure: invalid('visibility', `Choose one of: ${visibilities.join(', ')}.`) };
  const groupId = visibility === 'group' ? raw.groupId?.trim() || null : null;
  if (visibility === 'group' && !groupId) return { ok: false, failure: invalid('groupId', uploadMessages.groupRequired) };
  const churchId = visibility === 'church' ? raw.churchId?.trim() || null : null;
  if (visibility === 'church' && !churchId) return { ok: false, failure: invalid('churchId', uploadMessages.churchRequired) };
  const parsed = submissionFieldsSchema.safeParse({ title, description, category: raw.category, tags, targetAudience, visibility, groupId, churchId });
  if (!parsed.success) return { ok: false, failure: invalid(String(parsed.error.issues[0].path[0] ?? 'fields'), parsed.error.issues[0].message) };
  return { ok: true, fields: parsed.data };
};

const pair = (m: { title: string; description: string }) => ({ title: m.title, message: m.description });

/** The raw fields of a multipart body (first value of each, tags all). */
export const rawFieldsOf = (parts: Record<string, string[]>): RawFields & { draft: boolean } => {
  const first = (name: string) => parts[name]?.[0];
  return {
    title: first('title'),
    description: first('description'),
    category: first('category'),
    tags: parseTags(parts.tags ?? parts['tags[]']),
    targetAudience: first('targetAudience'),
    visibility: first('visibility'),
    groupId: first('groupId') ?? null,
    churchId: first('churchId') ?? null,
    termsAccepted: first('termsAccepted') === 'true' || first('termsAccepted') === 'on',
    draft: first('draft') === 'true',
  };
};
