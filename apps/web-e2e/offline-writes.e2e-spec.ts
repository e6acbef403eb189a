import type { Dashboard, Habit, JournalEntry } from '@abide/contracts';
import { eventually } from '@abide/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { AppFrame } from './pages/AppFrame';
import { HabitsPage } from './pages/HabitsPage';
import { JournalPage } from './pages/JournalPage';
import { closeToastIfShown } from './pages/Toasts';
import { seedHabit } from './seed/formation';
import { seedGroup, uniqueWord } from './seed/groups';
import { seedMember, type SeededMember } from './seed/members';
import { expectAccessible } from './support/accessibility';
import { screenshot, useBrowser, viewports } from './support/browser';
import { sidewaysScroll } from './support/layout';
import { signIn } from './support/sign-in';

/**
 * Issue 28: writes made on a phone with no connection wait in the browser (IndexedDB), show at once as pending,
 * outlive a closed tab, and are sent once each when the connection is back; what cannot be applied is said, never
 * dropped in silence.
 */
const badge = (page: Page) => page.getByTestId('pending-writes');
const pendingMark = (habits: HabitsPage, name: string) => habits.checkIn(name).getByText('Pending', { exact: true });
const unsynced = (journal: JournalPage, words: string) =>
  journal.recent.locator('.entry', { hasText: words.slice(0, 40) }).getByText('Not synced yet', { exact: true });

/** Goes offline and waits for the page to say so (the pages mark their reads as the device's copy then). */
async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await page.getByText("You're offline.", { exact: false }).waitFor();
}

/** A page of the journal's list, as GET /api/journal/entries answers. */
type JournalPageOfEntries = { items: JournalEntry[] };

/** The member's habits as the server has them today (their zone's day). */
const habitsOnServer = async (member: SeededMember) => (await member.session.get<Habit[]>('/api/habits')).body;

/** Follows the app's own link to a page (the bar at the foot of a phone, else the header), so no new page loads. */
async function follow(page: Page, label: 'Journal' | 'Habits'): Promise<void> {
  const frame = new AppFrame(page);
  await frame.accountButton.waitFor();
  const inBar = frame.bottomBar.getByRole('link', { name: label, exact: true });
  if (await inBar.isVisible()) await inBar.click();
  else await frame.goTo(label);
}

/**
 * Right after signing in, in the page first loaded (before any service worker), opens the pages through the app's
 * links, so their reads are on this device for a later offline start, and waits until the service worker has
 * precached the app and taken over this page: a member who goes offline now still gets the parts not loaded yet
 * (the account menu's) from the worker.
 */
async function openPagesOnline(page: Page, member: SeededMember, habit: string): Promise<HabitsPage> {
  await signIn(page, member);
  await follow(page, 'Journal');
  const journal = new JournalPage(page);
  await journal.heading.waitFor();
  await journal.recent.or(page.getByText('No reflections yet')).first().waitFor();
  await follow(page, 'Habits');
  const habits = new HabitsPage(page);
  await habits.heading.waitFor();
  await habits.checkIn(habit).waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return habits;
}

/** Checks a habit in with no connection, as a person taps: it shows pending before anything else is done. */
async function checkInOffline(habits: HabitsPage, name: string): Promise<void> {
  await habits.checkInNow(name);
  await pendingMark(habits, name).waitFor();
}

describe('writes made offline', () => {
  // The service worker brings the app up with no connection after the tab was closed (other specs block it).
  const session = useBrowser(viewports.phone, { serviceWorkers: 'allow' });

  it('keep two check-ins and a reflection through a closed tab, then send each once when the connection is back', async () => {
    const { page, context } = session;
    const member = await seedMember();
    await seedHabit(member.session, { name: 'Morning prayer', category: 'prayer' });
    await seedHabit(member.session, { name: 'Evening examen', category: 'meditation' });
    const group = await seedGroup(member.session, { name: `Offline Fellowship ${uniqueWord()}` });
    const habits = await openPagesOnline(page, member, 'Evening examen');

    await goOffline(context, page);
    await checkInOffline(habits, 'Morning prayer');
    await checkInOffline(habits, 'Evening examen');
    await badge(page).getByText('2 changes waiting to sync').waitFor();

    const words = `Written in the basement fellowship hall, with no signal ${uniqueWord()}.`;
    await follow(page, 'Journal');
    const journal = new JournalPage(page);
    await journal.heading.waitFor();
    await journal.content.fill(words);
    await journal.saveButton.click();
    await unsynced(journal, words).waitFor();
    await badge(page).getByText('3 changes waiting to sync').waitFor();
    await closeToastIfShown(page, 'Saved on this device');
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, 'offline-writes-pending-phone');
    await expectAccessible(page, 'journal with writes waiting', { widths: ['phone'] });

    // The tab is closed and another opened, still offline: the writes were kept on the device.
    await page.close();
    const reopened = await context.newPage();
    session.page = reopened;
    const again = await new JournalPage(reopened).open();
    await unsynced(again, words).waitFor();
    await badge(reopened).getByText('3 changes waiting to sync').waitFor();
    const habitsAgain = await new HabitsPage(reopened).open();
    await pendingMark(habitsAgain, 'Morning prayer').waitFor();
    expect(await habitsAgain.checkInBox('Evening examen').isChecked()).toBe(true);
    // The card counts what the list shows, waiting check-ins included: the two figures of one thing agree.
    expect(await habitsAgain.statValue('Completed Today')).toBe('2/2');
    // The streak and the week's share are the server's, which has not seen them yet: their lines say so.
    expect(await habitsAgain.statNote('Total Streak')).toBe('streak days across your habits, before the check-ins waiting to sync');
    expect(await habitsAgain.statNote('This Week')).toBe('of scheduled check-ins done, before the check-ins waiting to sync');

    const sent: string[] = [];
    reopened.on('request', (request) => {
      if (request.method() !== 'GET' && request.url().includes('/api/'))
        sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await context.setOffline(false);
    await badge(reopened).waitFor({ state: 'detached', timeout: 30_000 });
    await pendingMark(habitsAgain, 'Morning prayer').waitFor({ state: 'detached' });
    expect(await habitsAgain.checkInBox('Morning prayer').isChecked()).toBe(true);
    expect(await habitsAgain.statNote('This Week')).toBe('of scheduled check-ins done');
    await screenshot(reopened, 'offline-writes-synced-phone');

    // The server has exactly those writes, once each, and the figures that follow them (the group's week) count them.
    const done = (await habitsOnServer(member)).filter((habit) => habit.completedOnDate).map((habit) => habit.name);
    expect(done.sort()).toEqual(['Evening examen', 'Morning prayer']);
    const entries = (await member.session.get<JournalPageOfEntries>('/api/journal/entries?pageSize=50')).body.items;
    expect(entries.filter((entry) => entry.content === words)).toHaveLength(1);
    expect(sent.filter((line) => line.endsWith('/toggle'))).toHaveLength(2);
    await eventually(
      async () => {
        const res = await member.session.get<Dashboard>(`/api/groups/${group.id}/dashboard`);
        const me = res.body.members?.find((row) => row.userId === member.session.user.id);
        return me?.week?.checkIns === 2 && me.week.journalDays === 1 ? true : undefined;
      },
      { timeoutMs: 30_000 },
    );

    await reopened.setViewportSize(viewports.desktop);
    const journalWide = await new JournalPage(reopened).open();
    await journalWide.recent.getByText(words.slice(0, 40)).waitFor();
    expect(await reopened.getByText('Not synced yet').count()).toBe(0);
    await screenshot(reopened, 'offline-writes-synced-desktop');
    await expectAccessible(reopened, 'journal after the sync', { widths: ['desktop'] });
  });

  it('drops a check-in of a habit archived meanwhile, naming it, and keeps an offline edit of an entry changed elsewhere as a new draft', async () => {
    const { page, context } = session;
    const member = await seedMember();
    const prayer = await seedHabit(member.session, { name: 'Lectio divina', category: 'prayer' });
    const entry = await member.session.post<{ id: string }>('/api/journal/entries', {
      content: 'First words of the retreat.',
      isPrivate: true,
    });
    const habits = await openPagesOnline(page, member, 'Lectio divina');

    await goOffline(context, page);
    await checkInOffline(habits, 'Lectio divina');
    await follow(page, 'Journal');
    const journal = new JournalPage(page);
    await journal.heading.waitFor();
    const item = journal.recent.locator('.entry', { hasText: 'First words of the retreat.' });
    await item.waitFor();
    await item.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Your reflection').fill('Rewritten on the train, offline.');
    await dialog.getByRole('button', { name: 'Save Reflection' }).click();
    await badge(page).getByText('2 changes waiting to sync').waitFor();

    // Meanwhile, on another device: the habit is archived and the entry edited.
    expect((await member.session.post(`/api/habits/${prayer.id}/archive`)).status).toBe(200);
    expect((await member.session.patch(`/api/journal/entries/${entry.body.id}`, { content: 'Edited on the laptop.' })).status).toBe(200);

    await context.setOffline(false);
    const problems = page.locator('.sync-problems__box');
    await problems.waitFor({ timeout: 30_000 });
    await problems.getByText(/Your check-in of “Lectio divina” .* was not saved: This habit is archived/).waitFor();
    await problems.getByText(/changed on another device meanwhile\. Your version is kept as a new draft/).waitFor();
    await badge(page).waitFor({ state: 'detached' });
    await closeToastIfShown(page, 'Saved on this device');
    await screenshot(page, 'offline-writes-conflicts-phone');
    await expectAccessible(page, 'sync problems', { widths: ['phone'] });

    // Both texts are kept: the laptop's edit in the entry, the offline one as a draft.
    expect((await member.session.get<{ content: string }>(`/api/journal/entries/${entry.body.id}`)).body.content).toBe(
      'Edited on the laptop.',
    );
    const drafts = (await member.session.get<JournalPageOfEntries>('/api/journal/entries?drafts=1')).body.items;
    expect(drafts.map((draft) => draft.content)).toEqual(['Rewritten on the train, offline.']);
    await problems.getByRole('button', { name: 'Got it' }).click();
    await problems.waitFor({ state: 'detached' });
  });

  it('asks before a sign-out discards writes that wait, and a sign-out removes them from the browser', async () => {
    const { page, context } = session;
    // At desktop width: the frame's account menu (a part loaded lazily, never opened before going offline) comes from
    // the service worker that took over the first page.
    await page.setViewportSize(viewports.desktop);
    const member = await seedMember();
    await seedHabit(member.session, { name: 'Psalm a day', category: 'scripture-memory' });
    const habits = await openPagesOnline(page, member, 'Psalm a day');
    await goOffline(context, page);
    await habits.checkInNow('Psalm a day');
    await badge(page).getByText('1 change waiting to sync').waitFor();

    const signOut = async (answer: 'Stay signed in' | 'Sign out and discard') => {
      await page.getByRole('button', { name: /^Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Log out' }).click();
      const question = page.getByRole('dialog').filter({ hasText: '1 change has not been sent yet. Sign out and discard it?' });
      await question.waitFor();
      if (answer === 'Stay signed in') await screenshot(page, 'offline-writes-sign-out-desktop');
      await question.getByRole('button', { name: answer }).click();
    };
    await signOut('Stay signed in');
    expect(new URL(page.url()).pathname).toBe('/habits');
    await badge(page).getByText('1 change waiting to sync').waitFor();

    await signOut('Sign out and discard');
    await page.waitForURL('**/login');
    // Nothing of the member's queue is left in the browser (the clean-up finishes just after the sign-out).
    const queued = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('abide-write-queue');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const count = open.result.transaction('writes').objectStore('writes').count();
              count.onsuccess = () => resolve(count.result);
            };
          }),
      );
    await eventually(async () => ((await queued()) === 0 ? true : undefined), { timeoutMs: 5_000 });
    await context.setOffline(false);
    expect((await habitsOnServer(member)).find((habit) => habit.name === 'Psalm a day')?.completedOnDate).toBe(false);
  });
});
