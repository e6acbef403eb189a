import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { textFile } from './fixtures/library/files';
import { AppFrame } from './pages/AppFrame';
import { GroupsPage } from './pages/GroupsPage';
import { ReviewQueuePage } from './pages/ReviewQueuePage';
import { checkInHabit, seedHabit } from './seed/formation';
import { joinGroup, seedGroup, uniqueWord } from './seed/groups';
import { processed, seedModerator, uploadResource } from './seed/library';
import { seedMember } from './seed/members';
import { expectAccessible } from './support/accessibility';
import { newPage, screenshot, useBrowser, viewports } from './support/browser';
import { signIn } from './support/sign-in';

/**
 * Live updates (docs/architecture.md, "Live updates"): what another person does shows on a member's open page
 * without a reload. A mark set on the page's window before proves afterwards that the page was never reloaded.
 */
const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { liveMark: string }).liveMark = 'same page'));
const stillSamePage = async (page: Page) =>
  expect(await page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe('same page');

describe('live updates', () => {
  // Two people, an upload processed and a decision, on a machine shared with other runs.
  jest.setTimeout(120_000);
  const session = useBrowser(viewports.desktop);

  it("shows a new upload in the moderator's Review Queue, and the decision in the uploader's bell, without a reload", async () => {
    const [uploader, moderator] = await Promise.all([seedMember(), seedModerator()]);
    // Two people, two browsers: the uploader here, the moderator in a context of their own.
    const { page } = session;
    const other = await newPage(session.browser, viewports.desktop);
    try {
      await signIn(page, uploader);
      const frame = new AppFrame(page);
      await frame.bell.waitFor();
      expect(await frame.bell.getAttribute('aria-label')).toBe('Notifications');
      await markPage(page);

      await signIn(other.page, moderator);
      const queue = await new ReviewQueuePage(other.page).open();
      await queue.heading.waitFor();
      await markPage(other.page);

      const title = `Psalms for the morning ${randomUUID().slice(0, 6)}`;
      const resource = await uploadResource(uploader.session, {
        file: textFile('Morning psalms.txt', `${title}: Psalm 5, Psalm 63, Psalm 143.`),
        title,
        category: 'devotional',
      });
      expect((await processed(uploader.session, resource.id)).status).toBe('in-review');
      // The queue on the moderator's open page shows it by itself.
      await queue.item(title).waitFor();
      await stillSamePage(other.page);
      await screenshot(other.page, 'live-review-queue');
      await expectAccessible(other.page, 'review queue updated live');

      await queue.item(title).click();
      await queue.approveButton.click();
      await queue.item(title).waitFor({ state: 'detached' });

      // The uploader's bell counts the decision by itself.
      await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 30_000 });
      await stillSamePage(page);
      await frame.bell.click();
      await page.locator('.notification--unread', { hasText: 'Your resource was approved' }).waitFor();
      await screenshot(page, 'live-bell');
    } finally {
      await other.context.close();
    }
  });

  it("updates a leader's My Groups when a member joins and checks in, on a phone, without a reload", async () => {
    const [leader, member] = await Promise.all([seedMember(), seedMember()]);
    const name = `Berea readers ${uniqueWord()}`;
    const group = await seedGroup(leader.session, { name, description: 'Searching the Scriptures daily.' });
    const phone = await newPage(session.browser, viewports.phone);
    try {
      const { page } = phone;
      await signIn(page, leader);
      const groups = await new GroupsPage(page).open();
      const card = groups.card(name);
      await card.getByText('1 member').waitFor();
      const progressBefore = await card.locator('.group-card__progress-value').innerText();
      await markPage(page);

      await joinGroup(member.session, group.id);
      await card.getByText('2 members').waitFor();

      const habit = await seedHabit(member.session, { name: 'Morning prayer', category: 'prayer' });
      await checkInHabit(member.session, habit.id);
      await card.locator('.group-card__progress-value').filter({ hasNotText: progressBefore }).waitFor({ timeout: 30_000 });
      await stillSamePage(page);
      await screenshot(page, 'live-my-groups-phone');
      await expectAccessible(page, 'my groups updated live');
    } finally {
      await phone.context.close();
    }
  });
});
