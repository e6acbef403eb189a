import 'fake-indexeddb/auto';
import { dropMemberReads, loadRead, saveRead } from './read-cache';
import { clearMemberData } from './sign-out-cleanup';

const ruth = 'member-ruth';
const boaz = 'member-boaz';
const plan = 'currentPlan /spiritual-plans/current';
const habits = 'habitsList /habits?date=2026-11-30';

describe('the offline read cache', () => {
  beforeEach(async () => {
    await dropMemberReads(ruth);
    await dropMemberReads(boaz);
  });

  it('keeps one copy per member for the same request: neither sees the other’s', async () => {
    await saveRead({ memberId: ruth, readKey: plan, data: { theme: 'Ruth’s week' }, fetchedAt: 1 });
    await saveRead({ memberId: boaz, readKey: plan, data: { theme: 'Boaz’s week' }, fetchedAt: 2 });

    expect((await loadRead(ruth, plan))?.data).toEqual({ theme: 'Ruth’s week' });
    expect((await loadRead(boaz, plan))?.data).toEqual({ theme: 'Boaz’s week' });
    expect(await loadRead('member-naomi', plan)).toBeUndefined();
  });

  it('replaces a member’s copy of a request with the newer answer', async () => {
    await saveRead({ memberId: ruth, readKey: plan, data: { theme: 'old' }, fetchedAt: 1 });
    await saveRead({ memberId: ruth, readKey: plan, data: { theme: 'new' }, fetchedAt: 5 });

    expect(await loadRead(ruth, plan)).toEqual({ memberId: ruth, readKey: plan, data: { theme: 'new' }, fetchedAt: 5 });
  });

  it('drops every read of a member leaving this browser, and only theirs', async () => {
    await saveRead({ memberId: ruth, readKey: plan, data: 1, fetchedAt: 1 });
    await saveRead({ memberId: ruth, readKey: habits, data: 2, fetchedAt: 1 });
    await saveRead({ memberId: boaz, readKey: plan, data: 3, fetchedAt: 1 });

    // The sign-out clean-up everyone registers with (the store's SIGNED_OUT listener calls it).
    await clearMemberData(ruth);

    expect(await loadRead(ruth, plan)).toBeUndefined();
    expect(await loadRead(ruth, habits)).toBeUndefined();
    expect((await loadRead(boaz, plan))?.data).toBe(3);
  });

  it('does not take a member whose id starts like another’s for them', async () => {
    await saveRead({ memberId: 'member-1', readKey: plan, data: 'one', fetchedAt: 1 });
    await saveRead({ memberId: 'member-10', readKey: plan, data: 'ten', fetchedAt: 1 });

    await dropMemberReads('member-1');

    expect(await loadRead('member-1', plan)).toBeUndefined();
    expect((await loadRead('member-10', plan))?.data).toBe('ten');
    await dropMemberReads('member-10');
  });
});
