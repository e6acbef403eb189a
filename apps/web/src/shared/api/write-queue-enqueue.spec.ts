import type { BaseQueryApi, FetchArgs } from '@reduxjs/toolkit/query';
import { QUEUED } from './queued-answer';
import { reportReachable } from '../offline/connectivity';
import type { QueuedWrite, WriteQueueStore } from '../offline/write-queue';
import { withWriteQueue } from './write-queue-enqueue';
import { registerQueueableWrite } from '../offline/write-queue-registry';

registerQueueableWrite('habitsToggle', { describe: () => ({ label: 'Your check-in', subject: 'habit:a:2026-11-30', tags: ['Habits'] }) });

const storeOf = () => {
  const added: QueuedWrite[] = [];
  const store: WriteQueueStore = {
    add: async (write) => (added.push(write), { ...write, seq: added.length }),
    list: async () => added,
    put: async () => undefined,
    remove: async () => undefined,
    clear: async () => undefined,
  };
  return { store, added };
};

const toggle: FetchArgs = { url: '/habits/a/toggle', method: 'POST', body: { completed: true, date: '2026-11-30' } };
const keyOf = (args: unknown) => new Headers((args as FetchArgs).headers as HeadersInit).get('idempotency-key');

function setUp(answer: { data?: unknown; error?: unknown }, pending: QueuedWrite[] = []) {
  const sent: unknown[] = [];
  const dispatched: unknown[] = [];
  const baseQuery = jest.fn(async (args: unknown) => (sent.push(args), answer)) as never;
  const api = {
    endpoint: 'habitsToggle',
    getState: () => ({ auth: { session: { user: { id: 'ruth' } } }, writeQueue: { memberId: 'ruth', pending, messages: [] } }),
    dispatch: (action: unknown) => dispatched.push(action),
  } as unknown as BaseQueryApi;
  return { sent, dispatched, baseQuery, api };
}

describe(withWriteQueue.name, () => {
  afterEach(() => reportReachable(true));

  it('keeps a write made offline with its Idempotency-Key and answers at once that it waits, sending nothing', async () => {
    reportReachable(false);
    const { store, added } = storeOf();
    const { sent, dispatched, baseQuery, api } = setUp({ data: {} });
    expect(await withWriteQueue(baseQuery, store)(toggle, api, {})).toEqual({ data: QUEUED });
    expect(sent).toEqual([]);
    expect(added).toMatchObject([
      { memberId: 'ruth', endpoint: 'habitsToggle', subject: 'habit:a:2026-11-30', request: { url: '/habits/a/toggle', method: 'POST' } },
    ]);
    expect(added[0].request.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect(dispatched).toHaveLength(1);
  });

  it('keeps a write whose request failed on the network with the key it was sent with (a later send is the same write)', async () => {
    const { store, added } = storeOf();
    const { sent, baseQuery, api } = setUp({ error: { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' } });
    expect(await withWriteQueue(baseQuery, store)(toggle, api, {})).toEqual({ data: QUEUED });
    expect(sent).toHaveLength(1);
    expect(added[0].request.headers['idempotency-key']).toBe(keyOf(sent[0]));
  });

  it('queues a write behind the member’s waiting ones instead of sending it ahead of them', async () => {
    const { store, added } = storeOf();
    const { sent, baseQuery, api } = setUp({ data: {} }, [{} as QueuedWrite]);
    await withWriteQueue(baseQuery, store)(toggle, api, {});
    expect(sent).toEqual([]);
    expect(added).toHaveLength(1);
  });

  it('answers with the server’s answer, refusals included, when the write reached it', async () => {
    const refusal = { error: { status: 409, data: { code: 'CONFLICT' } } };
    const { store, added } = storeOf();
    const { baseQuery, api } = setUp(refusal);
    expect(await withWriteQueue(baseQuery, store)(toggle, api, {})).toBe(refusal);
    expect(added).toEqual([]);
  });

  it('leaves endpoints that never wait alone', async () => {
    reportReachable(false);
    const { store, added } = storeOf();
    const { sent, baseQuery, api } = setUp({ data: 'ok' });
    const other = { ...api, endpoint: 'habitsCreate' } as BaseQueryApi;
    expect(await withWriteQueue(baseQuery, store)(toggle, other, {})).toEqual({ data: 'ok' });
    expect(sent).toEqual([toggle]);
    expect(added).toEqual([]);
  });
});
