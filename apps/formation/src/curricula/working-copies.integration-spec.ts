// An author's kept edits written by two replicas at once: two connections stand for two formation instances.
import { connectTestDatabase, dropTestDatabase, uniqueName } from '@abide/messaging/src/testing/test-engines';
import { Refusal, type SaveCurriculumWorkingCopyRequest } from '@abide/contracts';
import type { Connection } from 'mongoose';
import { CurriculumWorkingCopies } from './working-copies';

const content = (title: string): SaveCurriculumWorkingCopyRequest['content'] => ({ title, description: '', weeks: [] });

describe('kept curriculum edits, with two replicas', () => {
  const dbName = uniqueName('working_copies');
  let replicaA: Connection;
  let replicaB: Connection;
  let a: CurriculumWorkingCopies;
  let b: CurriculumWorkingCopies;

  beforeAll(async () => {
    replicaA = await connectTestDatabase(dbName);
    replicaB = await connectTestDatabase(dbName);
    a = new CurriculumWorkingCopies(replicaA);
    b = new CurriculumWorkingCopies(replicaB);
  });

  afterAll(async () => {
    await replicaB.close();
    await dropTestDatabase(replicaA);
  });

  it('lets exactly one of two windows that saw the same copy write over it; the other is refused, not lost silently', async () => {
    await a.put('author-1', 'c1', { copyRevision: 0, baseRevision: 1, content: content('First') });
    const results = await Promise.allSettled([
      a.put('author-1', 'c1', { copyRevision: 1, baseRevision: 1, content: content('From the laptop') }),
      b.put('author-1', 'c1', { copyRevision: 1, baseRevision: 1, content: content('From the phone') }),
    ]);
    const written = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(written).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toBeInstanceOf(Refusal);
    expect(await b.of('author-1', 'c1')).toEqual(written[0]);
  });

  it('keeps each curriculum’s edits of one author when two replicas write different ones at once', async () => {
    await Promise.all([
      a.put('author-2', 'c1', { copyRevision: 0, baseRevision: 1, content: content('Advent') }),
      b.put('author-2', 'c2', { copyRevision: 0, baseRevision: 4, content: content('Lent') }),
    ]);
    expect((await a.of('author-2', 'c1'))?.content.title).toBe('Advent');
    expect((await a.of('author-2', 'c2'))?.content.title).toBe('Lent');
  });

  it('is not refused by a replica that remembers an older copy: a refusal is only decided on the stored one', async () => {
    await a.put('author-3', 'c1', { copyRevision: 0, baseRevision: 1, content: content('One') });
    // Replica B writes revision 2 behind A's back; A still remembers revision 1.
    await b.put('author-3', 'c1', { copyRevision: 1, baseRevision: 1, content: content('Two') });
    const third = await a.put('author-3', 'c1', { copyRevision: 2, baseRevision: 1, content: content('Three') });
    expect(third.revision).toBe(3);
  });

  it('forgets everything of an author, and discarding one curriculum’s edits leaves the others', async () => {
    await a.put('author-4', 'c1', { copyRevision: 0, baseRevision: 1, content: content('A') });
    await a.put('author-4', 'c2', { copyRevision: 0, baseRevision: 1, content: content('B') });
    await b.discard('author-4', 'c1');
    expect(await a.of('author-4', 'c1')).toBeNull();
    expect(await a.of('author-4', 'c2')).not.toBeNull();
    await b.forget('author-4');
    expect(await a.allOf('author-4')).toEqual({});
  });
});
