import { PlanPage } from './pages/PlanPage';
import { toast } from './pages/Toasts';
import { seedHabit } from './seed/formation';
import { seedMember } from './seed/members';
import { screenshot, useBrowser, viewports } from './support/browser';
import { expectAccessible } from './support/accessibility';
import { sidewaysScroll } from './support/layout';
import { signIn } from './support/sign-in';

/** My Plan (issue 4): the plan formation writes after onboarding, with real figures. */
describe('my plan', () => {
  const session = useBrowser(viewports.desktop);

  it('shows the weekly plan and counts the activities checked off', async () => {
    const { page } = session;
    const member = await seedMember();
    await signIn(page, member);
    const plan = new PlanPage(page);

    await plan.waitForPlan();
    await plan.heading.waitFor();
    await plan.greeting(member.name).waitFor();
    expect(await plan.theme.innerText()).toMatch(/^Theme: \S/);
    await plan.regenerateButton.waitFor();
    expect(await plan.activityCheckboxes().count()).toBeGreaterThan(1);
    await page
      .getByTestId('week-progress')
      .filter({ hasText: /^0\/[1-9]\d*$/ })
      .waitFor();
    const { total } = await plan.progress();
    expect(total).toBe(await plan.activityCheckboxes().count());
    expect(await plan.todayInWeek().count()).toBe(1);
    // Today's mark is white on teal (antd 6 draws a custom-coloured tag pale unless asked for solid).
    const todayTag = plan.todayInWeek().getByText('Today', { exact: true });
    expect(await todayTag.evaluate((tag) => [getComputedStyle(tag).color, getComputedStyle(tag).backgroundColor])).toEqual([
      'rgb(255, 255, 255)',
      'rgb(15, 118, 110)',
    ]);
    expect((await plan.insight.innerText()).length).toBeGreaterThan("This Week's Insight".length + 10);

    // One of today's activities (a day with practice today) and one more from anywhere in the week.
    await plan.checkActivity(plan.uncheckedToday().first());
    await plan.checkActivity(
      plan
        .activityCheckboxes()
        .and(page.getByRole('checkbox', { checked: false }))
        .first(),
    );

    await page
      .getByTestId('week-progress')
      .filter({ hasText: `2/${total}` })
      .waitFor();
    await plan.calendar.getByRole('listitem', { name: /\(today\): active$/ }).waitFor();
    expect(await plan.calendar.getByRole('listitem').count()).toBe(7);
    await screenshot(page, 'plan-week');
    await expectAccessible(page, 'my plan');

    await page.reload();
    await plan.waitForPlan();
    await page
      .getByTestId('week-progress')
      .filter({ hasText: `2/${total}` })
      .waitFor();
    expect(await plan.weekCard.getByRole('checkbox', { checked: true }).count()).toBe(2);
    expect(await plan.currentStreak.innerText()).toContain('1 day');
    expect(await plan.totalDays.innerText()).toContain('1 day');
  });

  it("shows the text of the week's scriptures, one at a time", async () => {
    const { page } = session;
    const member = await seedMember();
    await signIn(page, member);
    const plan = new PlanPage(page);
    await plan.waitForPlan();

    const choices = plan.scriptures.getByRole('button');
    expect(await choices.count()).toBeGreaterThanOrEqual(3);
    const reference = (await choices.first().innerText()).trim();
    await choices.first().click();

    const passage = page.locator('.scripture-passage');
    await passage.getByText(`${reference}, World English Bible`).waitFor();
    expect((await passage.locator('.scripture-passage__verse').first().innerText()).length).toBeGreaterThan(20);
    expect(await choices.first().getAttribute('aria-expanded')).toBe('true');
    await screenshot(page, 'plan-scripture-text');

    await choices.nth(1).click();
    await passage.getByText(`${(await choices.nth(1).innerText()).trim()}, World English Bible`).waitFor();
    expect(await passage.count()).toBe(1);
    await choices.nth(1).click();
    await passage.waitFor({ state: 'detached' });
  });

  it("toggles today's habits from the plan", async () => {
    const { page } = session;
    const member = await seedMember();
    await seedHabit(member.session, { name: 'Morning prayer', category: 'prayer' });
    await seedHabit(member.session, { name: 'Read a Psalm', category: 'bible-study' });
    await signIn(page, member);
    const plan = new PlanPage(page);
    await plan.waitForPlan();
    const prayer = plan.habitSwitch('Morning prayer');
    expect(await prayer.getAttribute('aria-checked')).toBe('false');

    await prayer.click();

    await toast(page, 'Habit updated!').waitFor();
    await page.waitForFunction(
      () => document.querySelector('button[role="switch"][aria-label="Morning prayer"]')?.getAttribute('aria-checked') === 'true',
    );
    await plan.calendar.getByRole('listitem', { name: /\(today\): active$/ }).waitFor();
    await screenshot(page, 'plan-todays-habits');
    await expectAccessible(page, 'my plan with habits');

    await page.reload();
    await plan.waitForPlan();
    expect(await plan.habitSwitch('Morning prayer').getAttribute('aria-checked')).toBe('true');
    expect(await plan.habitSwitch('Read a Psalm').getAttribute('aria-checked')).toBe('false');
  });
});

describe('my plan on a phone', () => {
  const session = useBrowser(viewports.phone);

  it('shows the plan in one column', async () => {
    const { page } = session;
    const member = await seedMember();
    await signIn(page, member);
    const plan = new PlanPage(page);

    await plan.waitForPlan();
    await plan.heading.waitFor();
    await plan.weekProgress.waitFor();
    await screenshot(page, 'plan-phone');
  });
});

/**
 * Regenerate Plan (issue #26) at both widths: it asks first, saying what goes and what stays; the activity checked off
 * stays checked off in the new week; the figures agree with the plan; the activities name the header's theme.
 */
describe.each([
  ['desktop', viewports.desktop],
  ['phone', viewports.phone],
])('regenerating my plan (%s)', (name, viewport) => {
  const session = useBrowser(viewport);

  it('asks first, keeps what I did, and every figure agrees with the new plan', async () => {
    const { page } = session;
    const member = await seedMember();
    await signIn(page, member);
    const plan = new PlanPage(page);
    await plan.waitForPlan();
    const oldTheme = await plan.themeName();
    const box = plan.uncheckedToday().first();
    const doneName = (await box.locator('xpath=ancestor::label').innerText()).trim();
    await plan.checkActivity(box);
    const total = await plan.activityCheckboxes().count();
    await page
      .getByTestId('week-progress')
      .filter({ hasText: `1/${total}` })
      .waitFor();

    await plan.regenerateButton.click();

    // The question says what goes and what stays, and nothing changes until the member says yes.
    await plan.regenerateDialog.waitFor();
    const question = await plan.regenerateDialog.innerText();
    expect(question).toContain(`The theme “${oldTheme}” and the ${total - 1} activities you have not done yet will be replaced`);
    expect(question).toContain('The activity you completed this week stays in your plan, checked off.');
    await expectAccessible(page, `regenerate question (${name})`);
    await screenshot(page, `plan-regenerate-question-${name}`);
    await plan.regenerateDialog.getByRole('button', { name: 'Keep my plan' }).click();
    await plan.regenerateDialog.waitFor({ state: 'hidden' });
    expect(await plan.themeName()).toBe(oldTheme);

    await plan.regenerateButton.click();
    await Promise.all([
      page.waitForResponse((res) => res.url().endsWith('/api/spiritual-plans/regenerate') && res.ok()),
      plan.regenerateDialog.getByRole('button', { name: 'Regenerate' }).click(),
    ]);
    await toast(page, 'Plan regenerated!').waitFor();
    await toast(page, 'Your 1 completed activity stays checked off.').waitFor();

    // A new theme; the activity done is still there, checked; the week's figure counts it over the new plan.
    await page.waitForFunction((old) => !document.querySelector('.plan-theme')?.textContent?.includes(old), oldTheme);
    const newTheme = await plan.themeName();
    expect(newTheme).not.toBe(oldTheme);
    expect(await plan.activity(doneName).isChecked()).toBe(true);
    const newTotal = await plan.activityCheckboxes().count();
    await page
      .getByTestId('week-progress')
      .filter({ hasText: `1/${newTotal}` })
      .waitFor();
    expect(await plan.weekCard.getByRole('checkbox', { checked: true }).count()).toBe(1);
    await plan.calendar.getByRole('listitem', { name: /\(today\): active$/ }).waitFor();
    for (const named of await plan.themesNamedByActivities()) expect(named).toBe(newTheme);
    await screenshot(page, `plan-regenerated-${name}`);

    await page.reload();
    await plan.waitForPlan();
    await page
      .getByTestId('week-progress')
      .filter({ hasText: `1/${newTotal}` })
      .waitFor();
    expect(await plan.activity(doneName).isChecked()).toBe(true);
    expect(await plan.themeName()).toBe(newTheme);
    expect(await sidewaysScroll(page)).toBe(0);
  });

  it('offers Undo after regenerating, which brings back the plan as it was, with what I did since', async () => {
    const { page } = session;
    const member = await seedMember();
    await signIn(page, member);
    const plan = new PlanPage(page);
    await plan.waitForPlan();
    const oldTheme = await plan.themeName();
    const oldNames = await plan.weekCard.locator('.plan-activity__name').allInnerTexts();
    await plan.checkActivity(plan.uncheckedToday().first());

    await plan.regenerateButton.click();
    await plan.regenerateDialog.getByRole('button', { name: 'Regenerate' }).click();
    await plan.undoBar.waitFor();
    expect(await plan.undoBar.innerText()).toContain(`“${oldTheme}” and its activities you had not done were replaced`);
    // The server accepts Undo until the plan changes or the week ends: a reload (another device) offers it too.
    await page.reload();
    await plan.undoBar.waitFor();
    expect(await plan.undoBar.innerText()).toContain(`“${oldTheme}” and its activities you had not done were replaced`);
    expect(await plan.undoBar.innerText()).toMatch(/You can undo this until the end of Saturday, \w+ \d+/);
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, `plan-undo-offered-${name}`);
    // Something done in the new plan before changing one's mind is not lost either.
    const newName = (await plan.uncheckedToday().first().locator('xpath=ancestor::label').innerText()).trim();
    await plan.checkActivity(plan.uncheckedToday().first());

    await Promise.all([
      page.waitForResponse((res) => res.url().endsWith('/api/spiritual-plans/current/undo-regeneration') && res.ok()),
      plan.undoBar.getByRole('button', { name: 'Undo' }).click(),
    ]);

    await toast(page, 'Your previous plan is back.').waitFor();
    await page.waitForFunction((old) => document.querySelector('.plan-theme')?.textContent?.includes(old), oldTheme);
    await plan.undoBar.waitFor({ state: 'detached' });
    const names = await plan.weekCard.locator('.plan-activity__name').allInnerTexts();
    expect(names.filter((n) => n !== newName)).toEqual(oldNames);
    expect(await plan.activity(newName).isChecked()).toBe(true);
    const total = await plan.activityCheckboxes().count();
    await page
      .getByTestId('week-progress')
      .filter({ hasText: `2/${total}` })
      .waitFor();
    for (const named of await plan.themesNamedByActivities()) expect(named).toBe(oldTheme);
    await expectAccessible(page, `plan after undo (${name})`);
    await screenshot(page, `plan-undone-${name}`);
  });
});
