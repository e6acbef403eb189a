import { describeCommand } from './command-trace';

describe('describeCommand (ABIDE_DB_TRACE lines)', () => {
  it('names the collection and the keys of filters and updates, never their values', () => {
    expect(describeCommand('find', { find: 'habit_boards_ordered', filter: { _id: 'member-1' }, limit: 1 })).toEqual({
      collection: 'habit_boards_ordered',
      shape: 'q{_id} limit 1',
    });
    expect(
      describeCommand('update', {
        update: 'habit_entries',
        updates: [{ q: { _id: 'h:2026-01-01', version: { $lt: 3 } }, u: { $set: { note: 'secret', version: 3 } }, upsert: true }],
      }),
    ).toEqual({ collection: 'habit_entries', shape: 'q{_id,version} u{$set{note,version}} upsert' });
    expect(describeCommand('insert', { insert: 'events', documents: [{ data: 'secret' }] })).toEqual({
      collection: 'events',
      shape: '1 document(s)',
    });
    expect(
      describeCommand('findAndModify', { findAndModify: 'outbox', query: { _id: 'k' }, update: { $unset: { unprojected: 1 } } }),
    ).toEqual({
      collection: 'outbox',
      shape: 'q{_id} u{$unset{unprojected}}',
    });
  });
});
