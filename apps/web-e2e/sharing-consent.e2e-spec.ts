import type { ChurchDashboard, Dashboard, SettingsResponse } from '@abide/contracts';
import { eventually } from '@abide/testing';
import { onboardingChoices } from './fixtures/onboarding-choices';
import { ChurchDashboardPage } from './pages/ChurchDashboardPage';
import { GroupDashboardPage } from './pages/GroupDashboardPage';
import { LoginPage } from './pages/LoginPage';
import { OnboardingPage } from './pages/OnboardingPage';
import { PlanPage } from './pages/PlanPage';
import { toast } from './pages/Toasts';
import { joinChurch, joinCodeOf, seedChurch } from './seed/churches';
import { checkInHabit, seedHabit } from './seed/formation';
import { joinGroup, seedGroup, uniqueWord } from './seed/groups';
import { seedMember, type SeededMember } from './seed/members';
import { expectAccessible } from './support/accessibility';
import { screenshot, useBrowser, viewports } from './support/browser';
import { sidewaysScroll } from './support/layout';
import { signIn } from './support/sign-in';

/** Sharing progress is asked, not assumed (#26): onboarding asks, and the dashboards count who does not share. */
describe('consent to share progress', () => {
  const session = useBrowser(viewports.desktop);

  /** Through the wizard to its last step, where the sharing question is. */
  const toLastStep = async (member: SeededMember) => {
    const { page } = session;
    const login = await new LoginPage(page).open();
    await login.signIn(member);
    const onboarding = new OnboardingPage(page);
    await onboarding.waitUntilShown();
    await onboarding.choose(onboardingChoices.goals);
    await onboarding.continueButton.click();
    await onboarding.stepText(2).waitFor();
    await onboarding.choose(onboardingChoices.connections);
    await onboarding.continueButton.click();
    await onboarding.stepText(3).waitFor();
    await onboarding.continueButton.click();
    await onboarding.stepText(4).waitFor();
    return onboarding;
  };
  const sharingOf = async (member: SeededMember) => (await member.session.get<SettingsResponse>('/api/settings')).body.shareProgressWithGroups;

  it.each([
    ['phone', viewports.phone, true],
    ['desktop', viewports.desktop, false],
  ] as const)('asks in onboarding whether to share, private until the member chooses (%s)', async (label, viewport, share) => {
    const { page } = session;
    await page.setViewportSize(viewport);
    const member = await seedMember({ onboarded: false });
    const onboarding = await toLastStep(member);

    const question = page.getByRole('group', { name: 'Share your progress with your groups and churches?' });
    await question.getByText('never what you write', { exact: false }).waitFor();
    const keepPrivate = question.getByRole('radio', { name: /^Keep my progress private/ });
    const shareIt = question.getByRole('radio', { name: /^Share my progress with my leaders/ });
    expect(await keepPrivate.isChecked()).toBe(true);
    expect(await shareIt.isChecked()).toBe(false);
    expect(await onboarding.summary.innerText()).toContain('Your progress kept private (you can share it in Settings)');
    if (share) {
      await shareIt.check();
      expect(await onboarding.summary.innerText()).toContain('Your progress shared with the leaders of your groups and churches');
    }
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, `onboarding-sharing-question-${label}`);
    await expectAccessible(page, `onboarding's sharing question at ${label} width`);

    await onboarding.completeButton.click();
    await toast(page, 'Welcome to your spiritual journey!').waitFor();
    await new PlanPage(page).waitUntilShown();
    expect(await sharingOf(member)).toBe(share);
    // Settings shows the same choice, to change at any time.
    await page.goto('/settings');
    const toggle = page.getByRole('switch', { name: 'Share my progress with my groups' });
    expect(await toggle.getAttribute('aria-checked')).toBe(String(share));
  });

  it('tells the leader how many members do not share, and counts only those who do (desktop and phone)', async () => {
    const { page } = session;
    const owner = await seedMember();
    const active = await seedMember();
    // Never answered the question (an account from before, or an older client): private.
    const unasked = await seedMember({ sharesProgress: null });
    const group = await seedGroup(owner.session, { name: `Emmaus Road ${uniqueWord()}` });
    for (const m of [active, unasked]) await joinGroup(m.session, group.id);
    for (const m of [active, unasked]) await checkInHabit(m.session, (await seedHabit(m.session, { name: 'Evening prayer', category: 'prayer' })).id);
    await eventually(
      async () => {
        const d = (await owner.session.get<Dashboard>(`/api/groups/${group.id}/dashboard`)).body;
        const row = (m: SeededMember) => d.members?.find((r) => r.userId === m.session.user.id);
        return row(active)?.week?.checkIns === 1 && row(unasked)?.sharesProgress === false && d.members.every((r) => r.name) ? d : undefined;
      },
      { timeoutMs: 30_000 },
    );

    await signIn(page, owner);
    const dashboard = await new GroupDashboardPage(page).open(group.id);
    await dashboard.statCard('Members').getByText('2 of 3 share their progress; 1 does not').waitFor();
    // The unasked member's check-in is in no figure: one active of the two who share.
    expect(await dashboard.statValue('Weekly activity')).toBe('1/2');
    expect((await dashboard.memberCells(unasked.name)).slice(3, 6)).toEqual(['Private', 'Private', 'Private']);
    expect((await dashboard.memberCells(active.name)).slice(3, 6)).toEqual(['1', '0', '0']);
    await screenshot(page, 'group-dashboard-sharing-count');
    await expectAccessible(page, 'leader’s dashboard with a member who does not share');

    await page.setViewportSize(viewports.phone);
    await dashboard.statCard('Members').getByText('2 of 3 share their progress; 1 does not').waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, 'group-dashboard-sharing-count-phone');
    await expectAccessible(page, 'leader’s dashboard with a member who does not share, at phone width');
  });

  it('tells the pastor how many members do not share, where it used to say all share (desktop and phone)', async () => {
    const { page } = session;
    const admin = await seedMember();
    const sharing = await seedMember();
    const unasked = await seedMember({ sharesProgress: null });
    const church = await seedChurch(admin.session, { name: `Antioch Fellowship ${uniqueWord()}` });
    const code = await joinCodeOf(admin.session, church.id);
    for (const m of [sharing, unasked]) await joinChurch(m.session, code);
    for (const m of [unasked, sharing]) await checkInHabit(m.session, (await seedHabit(m.session, { name: 'Psalms', category: 'prayer' })).id);
    await eventually(
      async () => {
        const res = await admin.session.get<ChurchDashboard>(`/api/churches/${church.id}/dashboard`);
        const { members, sharingMembers, weeks } = res.body;
        return res.status === 200 && members === 3 && sharingMembers === 2 && weeks.at(-1)?.checkIns === 1 ? res.body : undefined;
      },
      { timeoutMs: 30_000 },
    );

    await signIn(page, admin);
    const dashboard = await new ChurchDashboardPage(page).open(church.id);
    await page.getByText('2 of 3 share their progress; 1 does not').waitFor();
    expect(await page.getByText('All share their progress').count()).toBe(0);
    // The sharing member's check-in counts; the unasked member's counts nowhere.
    expect(await dashboard.figure('Habit check-ins')).toBe('1');
    expect(await dashboard.figure('Active this week')).toBe('1');
    await screenshot(page, 'church-dashboard-sharing-count');
    await expectAccessible(page, 'pastor’s dashboard with a member who does not share');

    await page.setViewportSize(viewports.phone);
    await page.getByText('2 of 3 share their progress; 1 does not').waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, 'church-dashboard-sharing-count-phone');
    await expectAccessible(page, 'pastor’s dashboard with a member who does not share, at phone width');
  });
});
