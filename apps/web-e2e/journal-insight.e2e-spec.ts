import type { Page } from 'playwright-core';
import { JournalPage } from './pages/JournalPage';
import { seedJournalEntry } from './seed/formation';
import { seedMember } from './seed/members';
import { screenshot, useBrowser, viewports } from './support/browser';
import { expectAccessible } from './support/accessibility';
import { outsideWindow, sidewaysScroll } from './support/layout';
import { refusedUntil } from './support/rate-limit';
import { signIn } from './support/sign-in';

const PETER_AT_WORK =
  "Read about Peter's call by the lake this morning. Jesus called him while he was at work, mending his nets. " +
  'I keep wondering what it would mean to hear that call at my desk, in the middle of my work.';

/** The sentences a person reads in the dialog: the insight, then the reason the passage was chosen. */
const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?][”"’]?)\s+/u)
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

/** Opens 'Get AI insight' on the entry and returns what the dialog says. */
async function askInsight(page: Page, journal: JournalPage, entryText: string) {
  await journal.entry(journal.recent, entryText).getByRole('button', { name: 'Get AI insight' }).click();
  const dialog = page.getByRole('dialog', { name: 'Insight on your reflection' });
  await dialog.locator('.insight-text').waitFor({ timeout: 20_000 });
  return {
    dialog,
    insight: (await dialog.locator('.insight-text').innerText()).trim(),
    why: (await dialog.locator('.scripture-note__why').innerText()).trim(),
  };
}

/** Issue 26: 'Get AI insight' on an entry about Peter's call at work answered about 'the future… your plans'. */
describe('journal insight', () => {
  const session = useBrowser(viewports.desktop);

  it.each([
    ['1280', viewports.desktop],
    ['390', viewports.phone],
  ])('reflects on what the entry says, with no sentence said twice, at %s px', async (width, viewport) => {
    const { page } = session;
    await page.setViewportSize(viewport);
    const member = await seedMember();
    await seedJournalEntry(member.session, { content: PETER_AT_WORK });
    await signIn(page, member);
    const journal = await new JournalPage(page).open();

    const { dialog, insight, why } = await askInsight(page, journal, "Read about Peter's call");

    expect(insight).toContain('Peter');
    expect(insight).toMatch(/\bwork\b/);
    expect(insight).not.toMatch(/future|your plans/);
    const said = sentencesOf(`${insight} ${why}`);
    expect(new Set(said).size).toBe(said.length);
    expect(await outsideWindow(page, dialog.locator('.ant-modal-container'))).toEqual({ left: 0, right: 0 });
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, `journal-insight-peter-${width}`);
    await expectAccessible(page, 'insight on an entry', { widths: [width === '390' ? 'phone' : 'desktop'] });
  });

  it('says plainly that it is a general prompt when the entry is a few words', async () => {
    const { page } = session;
    const member = await seedMember();
    await seedJournalEntry(member.session, { content: 'Long day, nothing new.' });
    await signIn(page, member);
    const journal = await new JournalPage(page).open();

    const { insight } = await askInsight(page, journal, 'Long day, nothing new.');

    expect(insight).toContain('You wrote only “Long day, nothing new”. That is too little to reflect on, so this is a general prompt.');
    await screenshot(page, 'journal-insight-general');
  });

  it.each([
    ['1280', viewports.desktop],
    ['390', viewports.phone],
  ])('says when the member may ask again once they asked for many reflections, at %s px', async (width, viewport) => {
    const { page } = session;
    await page.setViewportSize(viewport);
    const member = await seedMember();
    const entry = await seedJournalEntry(member.session, { content: PETER_AT_WORK });
    // The gateway's allowance (JOURNAL_INSIGHT_RATE_LIMIT_MAX: 20 per 10 minutes per member), spent on other devices.
    for (let i = 0; i < 20; i += 5) {
      const asked = await Promise.all(Array.from({ length: 5 }, () => member.session.post(`/api/journal/entries/${entry.id}/insight`)));
      expect(asked.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    }
    await signIn(page, member);
    const journal = await new JournalPage(page).open();

    const answered = page.waitForResponse((res) => res.url().endsWith(`/api/journal/entries/${entry.id}/insight`));
    await journal.entry(journal.recent, "Read about Peter's call").getByRole('button', { name: 'Get AI insight' }).click();
    const { status, at } = await refusedUntil(page, await answered);

    // The server's moment in the member's own clock, beside the server's words.
    expect(status).toBe(429);
    const dialog = page.getByRole('dialog', { name: 'Insight on your reflection' });
    await dialog.getByText('Please wait a little before asking again').waitFor();
    const said = await dialog.innerText();
    expect(said).toMatch(/You have asked for many reflections in a short time\. Try again in \d+ (minutes?|seconds?)\./);
    expect(said).toContain(`You can try again at ${at}.`);
    expect(said).not.toContain("We couldn't reflect on this entry right now");
    expect(await outsideWindow(page, dialog.locator('.ant-modal-container'))).toEqual({ left: 0, right: 0 });
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, `journal-insight-limit-${width}`);
    await expectAccessible(page, 'reflections held back by the limit', { widths: [width === '390' ? 'phone' : 'desktop'] });
  });
});
