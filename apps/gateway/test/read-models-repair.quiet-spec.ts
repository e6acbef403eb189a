import type { Habit, JournalEntry } from '@abide/contracts';
import { UserSession, withServiceDb } from '@abide/testing';
import { readModels, stackSettled } from './read-models.support';

/**
 * `npm run read-models -- verify` finds what a lost update leaves behind — a check-in missing from a member's habit
 * board, a profile field overwritten, a journal list gone, a board no event made — naming the collection, the document
 * and the field, and `rebuild` writes the rebuilt documents back, after which the member's screens are right again.
 */
describe('read-models verify and rebuild', () => {
  // Three runs of the read-model tool, each booting formation's module: on a shared 2-core machine beside a 3-instance
  // stack they took more than the 180 s this test had.
  it('names each damaged read model down to the field, and rebuild repairs them', async () => {
    const member = await UserSession.signUp({ name: 'Phoebe' });
    const habit = (await member.post<Habit>('/api/habits', { name: 'Evening psalm', category: 'prayer', frequency: 'daily' })).body;
    expect((await member.post(`/api/habits/${habit.id}/toggle`, { completed: true })).status).toBe(200);
    expect((await member.post<JournalEntry>('/api/journal/entries', { content: 'Servant of the church at Cenchreae' })).status).toBe(201);
    await stackSettled();
    const userId = member.user.id;

    // What a lost update looks like: the check-in gone from the board, another write's name, the journal list gone.
    await withServiceDb('formation', async (db) => {
      // The board is a compare-and-set document: its value, with how far it has read each stream, as one JSON string.
      const boards = db.collection<{ _id: string; state: string; revision?: number }>('habit_boards_ordered');
      const doc = await boards.findOne({ _id: userId });
      const followed = JSON.parse(doc!.state) as { value: { habits: Array<{ id: string; checkIns: { marks: string } }> } };
      for (const h of followed.value.habits) h.checkIns.marks = h.checkIns.marks.replace(/1/g, '0');
      await boards.updateOne({ _id: userId }, { $set: { state: JSON.stringify(followed) } });
      await db.collection<{ _id: string }>('profiles').updateOne({ _id: userId }, { $set: { displayName: 'Someone else' } });
      // And a board no event made (a write that outlived its member's deletion).
      await boards.insertOne({ _id: `ghost-${userId}`, state: doc!.state, revision: 1 });
    });
    await withServiceDb('formation_journal', (db) => db.collection<{ _id: string }>('journal_lists_ordered').deleteOne({ _id: userId }));
    expect((await member.get<Habit[]>('/api/habits')).body.find((h) => h.id === habit.id)?.completedOnDate).toBe(false);

    const found = await readModels('verify', 'formation');
    expect(found.status).toBe(1);
    expect(found.output).toContain(`  ${userId}: state.value.habits[id=${habit.id}].checkIns.marks`);
    expect(found.output).toMatch(new RegExp(`_formation\\.profiles .*\\n.*  ${userId}: displayName`));
    expect(found.output).toMatch(new RegExp(`_formation_journal\\.journal_lists_ordered .*\\n.*  ${userId}: missing`));
    expect(found.output).toContain(`  ghost-${userId}: unexpected`);

    const repaired = await readModels('rebuild', 'formation');
    expect(repaired.status).toBe(0);
    expect(repaired.output).toContain('rewritten from the rebuild');
    expect((await member.get<Habit[]>('/api/habits')).body.find((h) => h.id === habit.id)?.completedOnDate).toBe(true);
    expect((await member.get<{ total: number }>('/api/journal/entries')).body.total).toBe(1);
    expect(
      await withServiceDb('formation', (db) => db.collection<{ _id: string }>('habit_boards_ordered').countDocuments({ _id: `ghost-${userId}` })),
    ).toBe(0);

    const clean = await readModels('verify', 'formation');
    expect({ status: clean.status, output: clean.output }).toEqual({
      status: 0,
      output: expect.stringContaining('every read model equals its rebuild'),
    });
  }, 360_000);
});
