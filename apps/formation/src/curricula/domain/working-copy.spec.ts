import { curriculumMessages, Refusal, type SaveCurriculumWorkingCopyRequest } from '@abide/contracts';
import { putWorkingCopy, withoutWorkingCopy } from './working-copy';

const content = (title: string): SaveCurriculumWorkingCopyRequest['content'] => ({ title, description: '', weeks: [] });
const at = '2026-11-29T21:00:00.000Z';

describe('an author’s kept edits of a curriculum', () => {
  it('keeps the first edits as revision 1, from the curriculum revision they started at', () => {
    const copies = putWorkingCopy({}, 'c1', { copyRevision: 0, baseRevision: 3, content: content('Lent') }, at);
    expect(copies).toEqual({ c1: { revision: 1, baseRevision: 3, savedAt: at, content: content('Lent') } });
  });

  it('replaces them when the window names the revision it last kept, and leaves other curricula’s alone', () => {
    const first = putWorkingCopy({ c2: { revision: 4, baseRevision: 1, savedAt: at, content: content('Advent') } }, 'c1', { copyRevision: 0, baseRevision: 3, content: content('Lent') }, at);
    const second = putWorkingCopy(first as Record<string, never>, 'c1', { copyRevision: 1, baseRevision: 3, content: content('Lent, week 1') }, at);
    expect(second).toMatchObject({ c1: { revision: 2, content: content('Lent, week 1') }, c2: { revision: 4, content: content('Advent') } });
  });

  it('refuses a window that did not see the newer edits another window kept, with a 409 saying what to do', () => {
    const copies = { c1: { revision: 2, baseRevision: 3, savedAt: at, content: content('From the laptop') } };
    for (const copyRevision of [0, 1, 3]) {
      const refused = putWorkingCopy(copies, 'c1', { copyRevision, baseRevision: 3, content: content('From the phone') }, at);
      expect(refused).toBeInstanceOf(Refusal);
      expect(refused).toMatchObject({ code: 'CONFLICT', message: curriculumMessages.workingCopyChanged });
    }
  });

  it('drops one curriculum’s edits (saved or discarded), and the whole document when none is left', () => {
    const copies = { c1: { revision: 1, baseRevision: 1, savedAt: at, content: content('A') }, c2: { revision: 1, baseRevision: 1, savedAt: at, content: content('B') } };
    expect(Object.keys(withoutWorkingCopy(copies, 'c1')!)).toEqual(['c2']);
    expect(withoutWorkingCopy({ c1: copies.c1 }, 'c1')).toBeNull();
  });
});
