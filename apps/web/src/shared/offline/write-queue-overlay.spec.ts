import type { QueuedWrite } from './write-queue';
import { pendingWritesInReads } from './write-queue-overlay';
import { registerPendingOverlay } from './write-queue-registry';

type Row = { id: string; done: boolean };
registerPendingOverlay('rowsRead', (data, pending) => {
  for (const write of pending) for (const row of data as Row[]) if (write.subject === row.id) row.done = true;
});

const waiting = { subject: 'b', endpoint: 'rowsToggle' } as QueuedWrite;
const landed = (endpointName: string, payload: unknown) => ({
  type: 'api/executeQuery/fulfilled',
  payload,
  meta: { arg: { type: 'query', endpointName, originalArgs: undefined } },
});

/** What the next middleware (and so the reducer) receives after ours, with these writes waiting. */
const passedOn = (action: unknown, pending: QueuedWrite[] = [waiting]) => {
  const next = jest.fn((received: unknown) => received);
  pendingWritesInReads({ getState: () => ({ writeQueue: { memberId: 'ruth', pending, messages: [] } }), dispatch: jest.fn() } as never)(
    next,
  )(action);
  return next.mock.calls[0][0] as { payload: unknown };
};

describe('a read landing while writes wait', () => {
  it('is stored with the waiting writes already shown, the answer itself left as it came', () => {
    const answer = [
      { id: 'a', done: false },
      { id: 'b', done: false },
    ];
    expect(passedOn(landed('rowsRead', answer)).payload).toEqual([
      { id: 'a', done: false },
      { id: 'b', done: true },
    ]);
    expect(answer[1].done).toBe(false);
  });

  it('passes reads no feature overlays, and any read when nothing waits, unchanged', () => {
    const other = landed('profile', [{ id: 'b', done: false }]);
    expect(passedOn(other)).toBe(other);
    const rows = landed('rowsRead', [{ id: 'b', done: false }]);
    expect(passedOn(rows, []).payload).toBe(rows.payload);
  });
});
