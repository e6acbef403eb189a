import { curriculumMessages as m, type CurriculumWorkingCopy, errorCodes, Refusal, type SaveCurriculumWorkingCopyRequest } from '@abide/contracts';

/** One author's kept edits, by curriculum id: one document per author, so deleting the account forgets them by key. */
export type WorkingCopies = Record<string, CurriculumWorkingCopy>;

/**
 * The author's copies with this curriculum's replaced, or a Refusal when `copyRevision` is not the copy's current
 * revision (0: none yet): two windows of one author each keep their own edits, so the one that did not see the
 * other's last write is refused instead of silently overwriting it. Pure: the compare-and-set may call it again.
 */
export const putWorkingCopy = (
  copies: WorkingCopies,
  curriculumId: string,
  input: SaveCurriculumWorkingCopyRequest,
  savedAt: string,
): WorkingCopies | Refusal => {
  const current = copies[curriculumId];
  if ((current?.revision ?? 0) !== input.copyRevision) return new Refusal(errorCodes.conflict, m.workingCopyChanged);
  return { ...copies, [curriculumId]: { revision: input.copyRevision + 1, baseRevision: input.baseRevision, savedAt, content: input.content } };
};

/** The author's copies without this curriculum's (saved as the draft, or discarded); null when none is left. */
export const withoutWorkingCopy = (copies: WorkingCopies, curriculumId: string): WorkingCopies | null => {
  const rest = Object.fromEntries(Object.entries(copies).filter(([id]) => id !== curriculumId));
  return Object.keys(rest).length ? rest : null;
};
