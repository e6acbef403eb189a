import { PlanPage } from './pages/PlanPage';
import { toast } from './pages/Toasts';
import { seedHabit } from './seed/formation';
import { seedMember } from './seed/members';
import { screenshot, useBrowser, viewports } from './support/browser';
import { expectAccessible } from './support/accessibility';
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

  it('regenerates the plan', async () => {
    const { page } = session;
    const member = await seedMember();
    await signIn(page, member);
    const plan = new PlanPage(page);
    await plan.waitForPlan();

    await plan.regenerateButton.click();

    await toast(page, 'Plan regenerated!').waitFor();
    await toast(page, 'Your new personalized spiritual plan is ready.').waitFor();
    await plan.theme.waitFor();
    await screenshot(page, 'plan-regenerated');
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
