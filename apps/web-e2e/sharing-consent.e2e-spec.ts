import type { ChurchDashboard, Dashboard, MySharing } from '@abide/contracts';
import { eventually } from '@abide/testing';
import { onboardingChoices } from './fixtures/onboarding-choices';
import { ChurchDashboardPage } from './pages/ChurchDashboardPage';
import { GroupDashboardPage } from './pages/GroupDashboardPage';
import { GroupPage } from './pages/GroupPage';
import { LoginPage } from './pages/LoginPage';
import { OnboardingPage } from './pages/OnboardingPage';
import { PlanPage } from './pages/PlanPage';
import { SettingsPage } from './pages/SettingsPage';
import { toast } from './pages/Toasts';
import { joinChurch, joinCodeOf, seedChurch } from './seed/churches';
import { checkInHabit, seedHabit } from './seed/formation';
import { joinGroup, seedGroup, uniqueWord } from './seed/groups';
import { seedMember, type SeededMember } from './seed/members';
import { expectAccessible } from './support/accessibility';
import { screenshot, useBrowser, viewports } from './support/browser';
import { sidewaysScroll } from './support/layout';
import { signIn } from './support/sign-in';

/**
 * Sharing progress is asked, not assumed, for each group and church (#26): onboarding asks per membership, Settings
 * has a switch for each, joining asks, and the dashboards count who does not share.
 */
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
  /** The member's choices as the server holds them, by group or church name. */
  const sharingOf = async (member: SeededMember) => {
    const mine = (await member.session.get<MySharing>('/api/sharing')).body;
    return Object.fromEntries([...mine.groups, ...mine.churches].map((m) => [m.name, m.shares]));
  };

  it.each([
    ['phone', viewports.phone],
    ['desktop', viewports.desktop],
  ] as const)('asks in onboarding for each group and church the member is in, each private until chosen (%s)', async (label, viewport) => {
    const { page } = session;
    await page.setViewportSize(viewport);
    // Invited before setting up: already in a church and one of its groups.
    const admin = await seedMember();
    const church = await seedChurch(admin.session, { name: `Bethany Chapel ${uniqueWord()}` });
    const group = await seedGroup(admin.session, { name: `Bethany readers ${uniqueWord()}`, churchId: church.id });
    const member = await seedMember({ onboarded: false });
    await joinChurch(member.session, await joinCodeOf(admin.session, church.id));
    await joinGroup(member.session, group.id);
    const onboarding = await toLastStep(member);

    const question = page.getByRole('group', { name: 'Share your progress with your groups and churches?' });
    await question.getByText('never what you write', { exact: false }).waitFor();
    const withGroup = question.getByRole('checkbox', { name: new RegExp(`^Share my progress with ${group.name}`) });
    const withChurch = question.getByRole('checkbox', { name: new RegExp(`^Share my progress with ${church.name} \\(church\\)`) });
    expect([await withGroup.isChecked(), await withChurch.isChecked()]).toEqual([false, false]);
    expect(await onboarding.summary.innerText()).toContain('Your progress kept private (you can share it in Settings)');
    await withGroup.check();
    expect(await onboarding.summary.innerText()).toContain(`Your progress shared with ${group.name}`);
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, `onboarding-sharing-per-membership-${label}`);
    await expectAccessible(page, `onboarding's sharing question per group and church at ${label} width`);

    await onboarding.completeButton.click();
    await toast(page, 'Welcome to your spiritual journey!').waitFor();
    await new PlanPage(page).waitUntilShown();
    // The group's leaders see this member's progress; the church's pastors do not.
    expect(await sharingOf(member)).toEqual({ [group.name]: true, [church.name]: false });
  });

  it('tells a newcomer in no group or church yet that joining one will ask', async () => {
    const { page } = session;
    await page.setViewportSize(viewports.phone);
    const onboarding = await toLastStep(await seedMember({ onboarded: false }));
    const question = page.getByRole('group', { name: 'Share your progress with your groups and churches?' });
    await question.getByText('When you join one, we will ask whether its leaders may see your progress.').waitFor();
    expect(await question.getByRole('checkbox').count()).toBe(0);
    expect(await onboarding.summary.innerText()).toContain('Your progress kept private (you can share it in Settings)');
    await screenshot(page, 'onboarding-sharing-no-memberships-phone');
  });

  it.each([
    ['phone', viewports.phone],
    ['desktop', viewports.desktop],
  ] as const)('lists each group and church in Settings with its own switch, and a leader sees only what is shared (%s)', async (label, viewport) => {
    const { page } = session;
    await page.setViewportSize(viewport);
    const [leaderA, leaderB] = [await seedMember(), await seedMember()];
    const member = await seedMember({ sharesProgress: false });
    const groupA = await seedGroup(leaderA.session, { name: `Emmaus Road ${uniqueWord()}` });
    const groupB = await seedGroup(leaderB.session, { name: `Jericho Walkers ${uniqueWord()}` });
    for (const g of [groupA, groupB]) await joinGroup(member.session, g.id);

    await signIn(page, member);
    await page.goto('/settings');
    const settings = new SettingsPage(page);
    await settings.waitUntilShown();
    const [a, b] = [settings.sharingSwitch(groupA.name), settings.sharingSwitch(groupB.name)];
    await a.waitFor();
    expect([await a.getAttribute('aria-checked'), await b.getAttribute('aria-checked')]).toEqual(['false', 'false']);
    await a.click();
    await toast(page, `The leaders of ${groupA.name} can now see your progress.`).waitFor();
    expect(await a.getAttribute('aria-checked')).toBe('true');
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, `settings-sharing-per-group-${label}`);
    await expectAccessible(page, `settings' sharing switches at ${label} width`);

    await page.reload();
    await settings.waitUntilShown();
    await a.waitFor();
    expect([await a.getAttribute('aria-checked'), await b.getAttribute('aria-checked')]).toEqual(['true', 'false']);
    // Group A's leader sees the member's figures; group B's does not.
    const shares = async (leader: SeededMember, groupId: string) =>
      (await leader.session.get<Dashboard>(`/api/groups/${groupId}/dashboard`)).body.members.find((m) => m.userId === member.session.user.id)
        ?.sharesProgress;
    expect([await shares(leaderA, groupA.id), await shares(leaderB, groupB.id)]).toEqual([true, false]);
  });

  it.each([
    ['phone', viewports.phone],
    ['desktop', viewports.desktop],
  ] as const)('asks on joining a group, and the group page shows the member their choice (%s)', async (label, viewport) => {
    const { page } = session;
    await page.setViewportSize(viewport);
    const leader = await seedMember();
    const member = await seedMember({ sharesProgress: false });
    const group = await seedGroup(leader.session, { name: `Bereans ${uniqueWord()}` });

    await signIn(page, member);
    const groupPage = await new GroupPage(page).open(group.id, group.name);
    await page.locator('.page-header').getByRole('button', { name: new RegExp(`: ${group.name}$`) }).click();
    const dialog = page.getByRole('dialog', { name: `Join ${group.name}` });
    const choice = dialog.getByRole('switch', { name: 'Share my progress with this group’s leaders' });
    expect(await choice.getAttribute('aria-checked')).toBe('false');
    await choice.click();
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, `join-group-asks-sharing-${label}`);
    await expectAccessible(page, `the join dialog's sharing question at ${label} width`);
    await dialog.getByRole('button', { name: 'Join group' }).click();
    await toast(page, 'Successfully joined group!').waitFor();

    const mine = page.getByRole('switch', { name: `Share my progress with ${group.name}`, exact: true });
    await mine.waitFor();
    expect(await mine.getAttribute('aria-checked')).toBe('true');
    await groupPage.prayersTab.waitFor();
    await screenshot(page, `group-page-my-sharing-${label}`);
    expect(await sharingOf(member)).toEqual({ [group.name]: true });
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
