import 'fake-indexeddb/auto';
import type { BaseQueryApi, FetchArgs } from '@reduxjs/toolkit/query';
import { keepingReadsOffline, offlineSince, readKeyOf, servedFromCopy, type ReadingMember } from './offline-reads';
import { dropMemberReads, loadRead } from './read-cache';
import { clearMemberData } from './sign-out-cleanup';

type Answer = { data: unknown } | { error: { status: number | 'FETCH_ERROR' | 'TIMEOUT_ERROR'; data?: unknown; error?: string } };

/** A base query answering from a script, and counting what reached "the network". */
function scriptedNetwork() {
  const answers: Answer[] = [];
  const sent: (string | FetchArgs)[] = [];
  const baseQuery = async (args: string | FetchArgs) => {
    sent.push(args);
    const next = answers.shift();
    if (!next) throw new Error('no answer scripted');
    return next as never;
  };
  return { answers, sent, baseQuery };
}

const apiFor = (state: { member: ReadingMember | null }, endpoint: string, queryCacheKey?: string): BaseQueryApi => ({
  signal: new AbortController().signal,
  abort: () => undefined,
  dispatch: (() => undefined) as never,
  getState: () => state,
  extra: undefined,
  endpoint,
  type: 'query',
  queryCacheKey,
});

const plan = { url: '/spiritual-plans/current' };

describe('reads kept for offline use', () => {
  const ruth: ReadingMember = { id: 'ruth', offline: false };
  const boaz: ReadingMember = { id: 'boaz', offline: false };

  afterEach(async () => {
    await clearMemberData('ruth');
    await clearMemberData('boaz');
  });

  it('serves a member their last answer, with its time, when the request cannot reach the server', async () => {
    const network = scriptedNetwork();
    const state = { member: ruth };
    const query = keepingReadsOffline(network.baseQuery, (s) => (s as typeof state).member, () => 1_000);
    network.answers.push({ data: { theme: 'Abide in me' } }, { error: { status: 'FETCH_ERROR', error: 'Failed to fetch' } });

    await query(plan, apiFor(state, 'currentPlan', 'currentPlan(undefined)'), {});
    const offline = await query(plan, apiFor(state, 'currentPlan', 'currentPlan(undefined)'), {});

    expect(offline).toEqual({ data: { theme: 'Abide in me' } });
    expect(offlineSince(['currentPlan'])).toBe(1_000);
    expect(offlineSince(['journalList'])).toBeNull();
  });

  it('drops the "last updated" mark once the server answers again', async () => {
    const network = scriptedNetwork();
    const state = { member: ruth };
    const query = keepingReadsOffline(network.baseQuery, (s) => (s as typeof state).member, () => 1_000);
    network.answers.push({ data: 'first' }, { error: { status: 'TIMEOUT_ERROR' } }, { data: 'fresh' });
    const api = apiFor(state, 'statsOverview', 'statsOverview(undefined)');

    await query('/stats/overview', api, {});
    await query('/stats/overview', api, {});
    expect(servedFromCopy()).toContain('statsOverview(undefined)');
    expect(await query('/stats/overview', api, {})).toEqual({ data: 'fresh' });

    expect(offlineSince(['statsOverview'])).toBeNull();
    expect(servedFromCopy()).not.toContain('statsOverview(undefined)');
  });

  it('never serves one member another’s copy of the same request', async () => {
    const network = scriptedNetwork();
    const state = { member: ruth };
    const query = keepingReadsOffline(network.baseQuery, (s) => (s as typeof state).member);
    const failed = { error: { status: 'FETCH_ERROR' as const, error: 'Failed to fetch' } };
    network.answers.push({ data: { theme: 'Ruth’s plan' } }, failed);

    await query(plan, apiFor(state, 'currentPlan'), {});
    state.member = boaz;
    const answer = await query(plan, apiFor(state, 'currentPlan'), {});

    expect(answer).toEqual(failed);
  });

  it('opened offline (no token yet), answers from the copy without asking the network', async () => {
    const network = scriptedNetwork();
    const state = { member: ruth };
    const query = keepingReadsOffline(network.baseQuery, (s) => (s as typeof state).member);
    network.answers.push({ data: ['journal entry'] });
    await query({ url: '/journal', params: { page: 1, pageSize: 5 } }, apiFor(state, 'journalList'), {});

    state.member = { id: 'ruth', offline: true };
    const kept = await query({ url: '/journal', params: { pageSize: 5, page: 1 } }, apiFor(state, 'journalList'), {});
    const neverOpened = await query({ url: '/journal', params: { page: 2, pageSize: 5 } }, apiFor(state, 'journalList'), {});

    expect(kept).toEqual({ data: ['journal entry'] });
    expect(neverOpened.error?.status).toBe('FETCH_ERROR');
    expect(network.sent).toHaveLength(1);
  });

  it('keeps only the listed reads, and passes a server’s refusal through', async () => {
    const network = scriptedNetwork();
    const state = { member: ruth };
    const query = keepingReadsOffline(network.baseQuery, (s) => (s as typeof state).member);
    network.answers.push({ data: ['a group'] }, { data: 'plan' }, { error: { status: 503 } });

    await query('/groups/mine', apiFor(state, 'groupsMine'), {});
    await query(plan, apiFor(state, 'currentPlan'), {});
    const refused = await query(plan, apiFor(state, 'currentPlan'), {});

    expect(await loadRead('ruth', 'groupsMine /groups/mine')).toBeUndefined();
    expect(refused).toEqual({ error: { status: 503 } });
  });

  it('does not keep an answer that lands after its member signed out', async () => {
    const state: { member: ReadingMember | null } = { member: ruth };
    const query = keepingReadsOffline(
      async () => {
        state.member = null; // signed out while the request was on its way
        return { data: 'late' };
      },
      (s) => (s as typeof state).member,
    );

    await query(plan, apiFor(state, 'currentPlan'), {});

    expect(await loadRead('ruth', readKeyOf('currentPlan', plan)!)).toBeUndefined();
  });

  it('keys a request by its endpoint, path and parameters in any order; writes are never kept', () => {
    expect(readKeyOf('habitsList', { url: '/habits', params: { date: '2026-11-30', a: undefined } })).toBe('habitsList /habits?date=2026-11-30');
    expect(readKeyOf('journalList', { url: '/journal', params: { pageSize: 5, page: 1 } })).toBe(
      readKeyOf('journalList', { url: '/journal', params: { page: 1, pageSize: 5 } }),
    );
    expect(readKeyOf('journalCreate', { url: '/journal', method: 'POST' })).toBeNull();
  });

  it('forgets which pages were shown from the copy at sign-out', async () => {
    const network = scriptedNetwork();
    const state = { member: ruth };
    const query = keepingReadsOffline(network.baseQuery, (s) => (s as typeof state).member);
    network.answers.push({ data: 1 }, { error: { status: 'FETCH_ERROR' } });
    const api = apiFor(state, 'journalStats', 'journalStats(undefined)');
    await query('/journal/stats', api, {});
    await query('/journal/stats', api, {});
    expect(offlineSince(['journalStats'])).not.toBeNull();

    await clearMemberData('ruth');

    expect(offlineSince(['journalStats'])).toBeNull();
    await dropMemberReads('ruth');
  });
});
