import {
  drainQueue,
  outcomeOf,
  retryDelayMs,
  type QueuedWrite,
  type SendResult,
  type StoredRequest,
  type WriteQueueStore,
} from './write-queue';

/** The queue's storage as a list (IndexedDB's store in the browser behaves the same: keys in the order of writing). */
const memoryStore = (): WriteQueueStore & { all(): QueuedWrite[] } => {
  let rows: QueuedWrite[] = [];
  let next = 1;
  return {
    all: () => rows,
    add: async (write) => {
      const saved = { ...write, seq: next++ };
      rows.push(saved);
      return saved;
    },
    list: async (memberId) => rows.filter((row) => row.memberId === memberId),
    put: async (write) => {
      rows = rows.map((row) => (row.seq === write.seq ? write : row));
    },
    remove: async (seq) => {
      rows = rows.filter((row) => row.seq !== seq);
    },
    clear: async (memberId) => {
      rows = rows.filter((row) => row.memberId !== memberId);
    },
  };
};

const request = (url: string, key: string, body: unknown = {}): StoredRequest => ({
  url,
  method: 'POST',
  body,
  headers: { 'idempotency-key': key },
});
const write = (memberId: string, url: string, key: string, extra: Partial<QueuedWrite> = {}): QueuedWrite => ({
  memberId,
  endpoint: 'habitsToggle',
  request: request(url, key),
  label: `Your check-in of “${url}”`,
  subject: url,
  tags: ['Habits'],
  createdAt: '2026-11-30T04:00:00.000Z',
  attempts: 0,
  ...extra,
});
const ok = (data: unknown = {}): SendResult => ({ data });
const problem = (status: number, code: string, detail: string): SendResult => ({
  error: { status, data: { status, code, detail, title: 'x' } },
});

async function queueOf(...writes: QueuedWrite[]) {
  const store = memoryStore();
  for (const item of writes) await store.add(item);
  return store;
}

describe('the offline write queue', () => {
  it('sends the member’s writes oldest first, each with the key it was made with, and empties the queue', async () => {
    const store = await queueOf(
      write('ruth', '/habits/a/toggle', 'k1'),
      write('ruth', '/habits/b/toggle', 'k2'),
      write('ruth', '/journal/entries', 'k3'),
    );
    const sent: string[] = [];
    const report = await drainQueue(store, 'ruth', async (req) => (sent.push(`${req.url} ${req.headers['idempotency-key']}`), ok()));
    expect(sent).toEqual(['/habits/a/toggle k1', '/habits/b/toggle k2', '/journal/entries k3']);
    expect(report.sent).toHaveLength(3);
    expect(store.all()).toEqual([]);
  });

  it('stops at a write that must be tried again, so no later write overtakes it, and counts the try', async () => {
    for (const failure of [
      { error: { status: 'FETCH_ERROR' } },
      { error: { status: 'TIMEOUT_ERROR' } },
      problem(503, 'SERVICE_UNAVAILABLE', 'Briefly away'),
      problem(429, 'RATE_LIMITED', 'Too many'),
      problem(409, 'IDEMPOTENCY_KEY_IN_PROGRESS', 'Still working'),
    ] as SendResult[]) {
      const store = await queueOf(write('ruth', '/habits/a/toggle', 'k1'), write('ruth', '/habits/b/toggle', 'k2'));
      const sent: string[] = [];
      const report = await drainQueue(store, 'ruth', async (req) => (sent.push(req.url), failure));
      expect(sent).toEqual(['/habits/a/toggle']);
      expect(report.stopped).toBe('retry');
      expect(store.all().map((row) => [row.subject, row.attempts])).toEqual([
        ['/habits/a/toggle', 1],
        ['/habits/b/toggle', 0],
      ]);
    }
  });

  it('waits for the session on a 401, keeping every write', async () => {
    const store = await queueOf(write('ruth', '/habits/a/toggle', 'k1'));
    const report = await drainQueue(store, 'ruth', async () => problem(401, 'UNAUTHORIZED', 'Sign in'));
    expect(report.stopped).toBe('wait-for-session');
    expect(store.all()).toHaveLength(1);
  });

  it('drops a refused write with its reason in words naming it, and goes on with the next', async () => {
    const store = await queueOf(
      write('ruth', '/habits/gone/toggle', 'k1', { label: 'Your check-in of “Morning prayer” today' }),
      write('ruth', '/habits/b/toggle', 'k2'),
    );
    const report = await drainQueue(store, 'ruth', async (req) =>
      req.url.includes('gone') ? problem(409, 'CONFLICT', 'This habit is archived; it can no longer change.') : ok(),
    );
    expect(report.messages).toEqual([
      'Your check-in of “Morning prayer” today was not saved: This habit is archived; it can no longer change.',
    ]);
    expect(report.dropped.map((row) => row.subject)).toEqual(['/habits/gone/toggle']);
    expect(report.sent.map((row) => row.subject)).toEqual(['/habits/b/toggle']);
    expect(store.all()).toEqual([]);
  });

  it('applies a write’s conflict rule: sends its fallback in its place and tells the member once it is saved', async () => {
    const edit = write('ruth', '/journal/entries/e1', 'k1', {
      endpoint: 'journalUpdate',
      onConflict: {
        code: 'ENTRY_CHANGED',
        request: request('/journal/entries', 'k1-kept', { content: 'mine', draft: true }),
        notice: 'Kept as a new draft.',
      },
    });
    const store = await queueOf(edit);
    const sent: string[] = [];
    let network = false;
    const send = async (req: StoredRequest) => {
      sent.push(`${req.method} ${req.url} ${req.headers['idempotency-key']}`);
      if (req.url === '/journal/entries/e1') return problem(409, 'ENTRY_CHANGED', 'Changed on another device');
      return network ? ok({ id: 'e2' }) : ({ error: { status: 'FETCH_ERROR' } } as SendResult);
    };
    // The connection drops before the fallback is sent: the fallback, not the edit, waits in the edit's place.
    expect((await drainQueue(store, 'ruth', send)).stopped).toBe('retry');
    expect(store.all().map((row) => row.request.url)).toEqual(['/journal/entries']);
    network = true;
    const report = await drainQueue(store, 'ruth', send);
    expect(sent).toEqual(['POST /journal/entries/e1 k1', 'POST /journal/entries k1-kept', 'POST /journal/entries k1-kept']);
    expect(report.messages).toEqual(['Kept as a new draft.']);
    expect(store.all()).toEqual([]);
  });

  it('bases a later edit of the same entry on the version the earlier one saved', async () => {
    const edit = (key: string) =>
      write('ruth', '/journal/entries/e1', key, {
        subject: 'journal:e1',
        request: { ...request('/journal/entries/e1', key), body: { content: key, basedOn: 'v0' } },
      });
    const store = await queueOf(edit('first'), edit('second'));
    const basedOn: unknown[] = [];
    await drainQueue(store, 'ruth', async (req) => {
      basedOn.push((req.body as { basedOn: string }).basedOn);
      return ok({ updatedAt: `after-${(req.body as { content: string }).content}` });
    });
    expect(basedOn).toEqual(['v0', 'after-first']);
  });

  it('reads, sends and clears only the member’s own writes', async () => {
    const store = await queueOf(
      write('ruth', '/habits/a/toggle', 'r1'),
      write('naomi', '/habits/n/toggle', 'n1'),
      write('ruth', '/habits/b/toggle', 'r2'),
    );
    const sent: string[] = [];
    await drainQueue(store, 'ruth', async (req) => (sent.push(req.headers['idempotency-key']), ok()));
    expect(sent).toEqual(['r1', 'r2']);
    expect(store.all().map((row) => row.memberId)).toEqual(['naomi']);
    await store.add(write('ruth', '/habits/c/toggle', 'r3'));
    await store.clear('ruth');
    expect(store.all().map((row) => row.memberId)).toEqual(['naomi']);
  });

  it('classes a refusal without a problem body by its status, and waits longer after each failed try', () => {
    expect(outcomeOf(write('ruth', '/x', 'k'), { error: { status: 'PARSING_ERROR', originalStatus: 502 } })).toEqual({ kind: 'retry' });
    expect(outcomeOf(write('ruth', '/x', 'k'), { error: { status: 404 } })).toEqual({
      kind: 'refused',
      message: 'The server refused it (404).',
    });
    expect([1, 2, 3, 10].map(retryDelayMs)).toEqual([1_000, 2_000, 4_000, 60_000]);
  });
});
