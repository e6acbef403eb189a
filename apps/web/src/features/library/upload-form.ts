import {
  MAX_UPLOAD_BYTES,
  normaliseTags,
  targetAudiences,
  TAGS_MAX,
  TAG_MAX,
  titleFromFileName,
  uploadMessages,
  visibilities,
} from '@abide/contracts';
import { humanise } from './resource-format';
import type { UpdateDraftRequest } from './libraryApi';

export type TargetAudience = (typeof targetAudiences)[number];
export type Visibility = (typeof visibilities)[number];

export interface UploadFormValues {
  title: string;
  category: string | null;
  description: string;
  tags: string[];
  targetAudience: TargetAudience;
  visibility: Visibility;
  groupId: string | null;
  churchId: string | null;
  termsAccepted: boolean;
}

/** Visibility defaults to public. */
export const emptyUploadForm: UploadFormValues = {
  title: '',
  category: null,
  description: '',
  tags: [],
  targetAudience: 'all-levels',
  visibility: 'public',
  groupId: null,
  churchId: null,
  termsAccepted: false,
};

/** The drop zone's accepted extensions (the service decides the real type from the content). */
export const ACCEPTED_EXTENSIONS = ['.pdf', '.docx', '.txt'] as const;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/** One file, PDF/DOCX/TXT, at most 10 MB; the drop zone's generic message, or null when it is fine. */
export function dropZoneProblem(files: ReadonlyArray<{ name: string; size: number }>, maxBytes = MAX_UPLOAD_BYTES): string | null {
  if (files.length > 1) return uploadMessages.tooMany;
  const [file] = files;
  if (!file) return null;
  if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return uploadMessages.badType;
  if (file.size > maxBytes) return uploadMessages.tooLarge(maxBytes);
  return null;
}

export type UploadProblem = (typeof uploadMessages)['noFile' | 'noTitle' | 'noCategory' | 'noTerms'];

/**
 * The upload form's checks, in its order: file, title, category, terms. A draft skips the terms
 * (they are accepted when the draft is submitted). A group resource also needs one of the member's groups.
 */
export function firstUploadProblem(
  hasFile: boolean,
  values: Pick<UploadFormValues, 'title' | 'category' | 'termsAccepted' | 'visibility' | 'groupId'> & Partial<Pick<UploadFormValues, 'churchId'>>,
  { draft = false } = {},
): UploadProblem | { title: string; description: string } | null {
  if (!hasFile) return uploadMessages.noFile;
  if (!values.title.trim()) return uploadMessages.noTitle;
  if (!values.category) return uploadMessages.noCategory;
  if (!draft && !values.termsAccepted) return uploadMessages.noTerms;
  if (values.visibility === 'group' && !values.groupId) {
    return { title: 'Please choose a group', description: uploadMessages.groupRequired };
  }
  if (values.visibility === 'church' && !values.churchId) {
    return { title: 'Please choose a church', description: uploadMessages.churchRequired };
  }
  return null;
}

/** The submit button waits for a file, a title, a category and the terms. */
export function canSubmitUpload(hasFile: boolean, values: Pick<UploadFormValues, 'title' | 'category' | 'termsAccepted'>): boolean {
  return hasFile && values.title.length > 0 && Boolean(values.category) && values.termsAccepted;
}

/** An empty title is prefilled from the file name without its extension. */
export function prefilledTitle(currentTitle: string, fileName: string): string {
  return currentTitle.trim() ? currentTitle : titleFromFileName(fileName);
}

/** Enter in the tag field: adds the typed tag(s) (commas split them), normalised, within the limits. */
export function addTags(current: readonly string[], typed: string): string[] {
  const incoming = typed.split(',').map((tag) => tag.slice(0, TAG_MAX));
  return normaliseTags([...current, ...incoming]).slice(0, TAGS_MAX);
}

export function removeTag(current: readonly string[], tag: string): string[] {
  return current.filter((t) => t !== tag);
}

/** Suggestions not chosen yet. */
export function remainingSuggestions(current: readonly string[], suggestions: readonly string[]): string[] {
  return suggestions.filter((tag) => !current.includes(tag));
}

export const audienceOptions = targetAudiences.map((value) => ({ value, label: humanise(value) }));

export const visibilityOptions: ReadonlyArray<{ value: Visibility; label: string; help: string }> = [
  { value: 'public', label: 'Public', help: 'Everyone in the library, after a moderator has reviewed it.' },
  { value: 'group', label: 'Group', help: 'Members of one of your groups.' },
  { value: 'church', label: 'Church', help: 'Members of one of your churches.' },
  { value: 'private', label: 'Private', help: 'Only you.' },
];

/** The multipart body of POST /uploads: the file plus the normalised fields (tags as repeated parts). */
export function uploadFormData(file: Blob & { name?: string }, values: UploadFormValues, { draft }: { draft: boolean }): FormData {
  const body = new FormData();
  body.append('title', values.title.trim());
  body.append('description', values.description.trim());
  if (values.category) body.append('category', values.category);
  for (const tag of normaliseTags(values.tags)) body.append('tags', tag);
  body.append('targetAudience', values.targetAudience);
  body.append('visibility', values.visibility);
  if (values.visibility === 'group' && values.groupId) body.append('groupId', values.groupId);
  if (values.visibility === 'church' && values.churchId) body.append('churchId', values.churchId);
  body.append('termsAccepted', values.termsAccepted ? 'true' : 'false');
  body.append('draft', draft ? 'true' : 'false');
  // The file goes last so the service has every field before the bytes stream in.
  body.append('file', file, file.name);
  return body;
}

/** The JSON changes of a draft edit (PATCH /uploads/:id). */
export function draftChanges(values: UploadFormValues): UpdateDraftRequest {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    // The select offers only the catalogue's categories.
    ...(values.category ? { category: values.category as UpdateDraftRequest['category'] } : {}),
    tags: normaliseTags(values.tags),
    targetAudience: values.targetAudience,
    visibility: values.visibility,
    groupId: values.visibility === 'group' ? values.groupId : null,
    churchId: values.visibility === 'church' ? values.churchId : null,
  };
}
