import type { Dashboard } from '@abide/contracts';
import { eventually } from '@abide/testing';
import { GroupDashboardPage } from './pages/GroupDashboardPage';
import { GroupPage } from './pages/GroupPage';
import { GroupsPage } from './pages/GroupsPage';
import { toast } from './pages/Toasts';
import { checkInHabit, seedHabit } from './seed/formation';
import { joinGroup, postPrayer, rateMeeting, seedGroup, stopSharingProgress, uniqueWord, waitForNames } from './seed/groups';
import { seedMember, type SeededMember } from './seed/members';
import { newPage, screenshot, useBrowser, viewports } from './support/browser';
import { expectAccessible } from './support/accessibility';
import { signIn } from './support/sign-in';
import { sidewaysScroll, sidewaysScrollWithin } from './support/layout';

/** Issue 6: the Leadership Dashboard on real member activity, roles, ratings, and prayer requests. */
describe('group leaders and prayer requests', () => {
  const session = useBrowser(viewports.desktop);

  /** The dashboard as the API sees it, once `ready` holds (formation's events reach community asynchronously). */
  const dashboardWhen = (owner: SeededMember, groupId: string, ready: (dashboard: Dashboard) => boolean) =>
    eventually(
      async () => {
        const res = await owner.session.get<Dashboard>(`/api/groups/${groupId}/dashboard`);
        return res.status === 200 && ready(res.body) ? res.body : undefined;
      },
      { timeoutMs: 30_000 },
    );

  it('shows real figures after a member checks in, and Private for a member who does not share', async () => {
    const { page } = session;
    const owner = await seedMember();
    const name = `Abide Together ${uniqueWord()}`;
    const group = await seedGroup(owner.session, { name });
    const active = await seedMember();
    const quiet = await seedMember();
    await stopSharingProgress(quiet.session);
    await joinGroup(active.session, group.id);
    await joinGroup(quiet.session, group.id);
    const habit = await seedHabit(active.session, { name: 'Morning prayer', category: 'prayer' });
    await checkInHabit(active.session, habit.id);
    await dashboardWhen(owner, group.id, (d) => {
      const row = (member: SeededMember) => d.members.find((m) => m.userId === member.session.user.id);
      return row(active)?.week?.checkIns === 1 && row(quiet)?.sharesProgress === false && d.members.every((m) => m.name);
    });

    await signIn(page, owner);
    const dashboard = await new GroupDashboardPage(page).open(group.id);
    expect(await dashboard.statValue('Members')).toBe('3');
    // Of the two who share (the owner and the active member), one was active.
    expect(await dashboard.statValue('Weekly activity')).toBe('1/2');
    await dashboard.statCard('Members').getByText('2 of 3 share their progress; 1 does not').waitFor();
    expect(await dashboard.statValue('Week streak')).toMatch(/^\d+ weeks?$/);
    expect(await dashboard.statValue('Average rating')).toBe('—');
    await dashboard.statCard('Average rating').getByText('No ratings yet').waitFor();

    // Name, role, joined, check-ins, plan activities, journal days.
    const activeCells = await dashboard.memberCells(active.name);
    expect(activeCells.slice(0, 2)).toEqual([active.name, 'Member']);
    expect(activeCells.slice(3, 6)).toEqual(['1', '0', '0']);
    const quietCells = await dashboard.memberCells(quiet.name);
    expect(quietCells.slice(3, 6)).toEqual(['Private', 'Private', 'Private']);
    expect((await dashboard.memberCells(owner.name))[1]).toBe('Owner');

    // Eight weeks, this week last, with the one check-in in it.
    const chart = await dashboard.chart.getAttribute('aria-label');
    expect(chart?.match(/week of/g)).toHaveLength(8);
    expect(chart).toMatch(/: 1 activity, 1 active$/);
    await screenshot(page, 'groups-dashboard');
    await expectAccessible(page, 'leadership dashboard');

    // On a phone the table scrolled sideways inside its card: each member is a card with every column's facts.
    await page.setViewportSize(viewports.phone);
    await dashboard.memberCards.waitFor();
    expect(await dashboard.memberCardFacts(active.name)).toEqual({
      role: 'Member',
      Joined: expect.any(String),
      'Check-ins': '1',
      'Plan activities': '0',
      'Journal days': '0',
    });
    expect(await dashboard.memberCardFacts(quiet.name)).toMatchObject({
      'Check-ins': 'Private',
      'Plan activities': 'Private',
      'Journal days': 'Private',
    });
    expect((await dashboard.memberCardFacts(owner.name)).role).toBe('Owner');
    expect(await sidewaysScrollWithin(dashboard.memberManagement)).toBe(0);
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, 'groups-dashboard-phone');
    await expectAccessible(page, 'leadership dashboard (phone)');
    await page.setViewportSize(viewports.desktop);

    // My Groups shows the same group as Active, with the check-in in its weekly progress and recent activity.
    const groups = await new GroupsPage(page).open();
    const card = groups.card(name);
    await card.getByText('Active', { exact: true }).waitFor();
    expect(await card.innerText()).toMatch(/3 members[\s\S]*Weekly progress\s*1\/\d+/);
    expect(await card.getByText('No recent activity').count()).toBe(0);
  });

  it('promotes a co-leader, removes a member, saves Group Settings, and keeps other members out of the dashboard', async () => {
    const { page } = session;
    const owner = await seedMember();
    const group = await seedGroup(owner.session, { name: `Shepherds ${uniqueWord()}` });
    const helper = await seedMember();
    const leaving = await seedMember();
    await joinGroup(helper.session, group.id);
    await joinGroup(leaving.session, group.id);
    await waitForNames(owner.session, group.id, [owner.name, helper.name, leaving.name]);

    await signIn(page, owner);
    const dashboard = await new GroupDashboardPage(page).open(group.id);
    await dashboard
      .memberRow(helper.name)
      .getByRole('button', { name: `Make co-leader: ${helper.name}` })
      .click();
    await toast(page, `${helper.name} is now a co-leader`).waitFor();
    await dashboard.memberRow(helper.name).getByText('Co-leader', { exact: true }).waitFor();

    await dashboard
      .memberRow(leaving.name)
      .getByRole('button', { name: `Remove ${leaving.name}` })
      .click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Remove' }).click();
    await toast(page, `${leaving.name} was removed from the group`).waitFor();
    await dashboard.memberRow(leaving.name).waitFor({ state: 'detached' });
    await dashboard.statCard('Members').getByText('2', { exact: true }).waitFor();
    await screenshot(page, 'groups-dashboard-roles');
    await expectAccessible(page, 'dashboard after role changes');

    // Group Settings save through PATCH; the group's page shows the new meeting.
    await dashboard.settings.getByLabel('Description').fill('Shepherding one another through Psalm 23.');
    await dashboard.settings.getByRole('combobox', { name: 'Meeting day' }).click();
    await page.locator('.ant-select-item-option', { hasText: /^Thursday$/ }).click();
    await dashboard.settings.getByLabel('Meeting time').fill('06:30');
    await dashboard.settings.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, 'Group settings saved').waitFor();
    await new GroupPage(page).open(group.id, group.name);
    await page.getByText('Shepherding one another through Psalm 23.').waitFor();
    await page.getByText('Thursdays at 6:30 AM').waitFor();

    // The co-leader may lead; the removed member now only sees that leaders own this page.
    expect((await helper.session.get(`/api/groups/${group.id}/dashboard`)).status).toBe(200);
    const outsider = await newPage(session.browser);
    try {
      await signIn(outsider.page, leaving);
      await outsider.page.goto(`/groups/${group.id}/dashboard`);
      await outsider.page.getByText(/Only leaders can see this dashboard|Group not found/).waitFor();
      expect(await outsider.page.getByRole('heading', { name: 'Leadership Dashboard' }).count()).toBe(0);
    } finally {
      await outsider.context.close();
    }
  });

  it("averages members' ratings of this week's meeting", async () => {
    const { page } = session;
    const owner = await seedMember();
    const name = `Evening Vespers ${uniqueWord()}`;
    const group = await seedGroup(owner.session, { name });
    const first = await seedMember();
    const second = await seedMember();
    await joinGroup(first.session, group.id);
    await joinGroup(second.session, group.id);
    await rateMeeting(first.session, group.id, 5);

    await signIn(page, second);
    const groupPage = await new GroupPage(page).open(group.id, name);
    await groupPage.ratingTab.click();
    await page.getByText("You have not rated this week's meeting yet.").waitFor();
    await groupPage.star(4).click();
    await toast(page, "Thanks for rating this week's meeting!").waitFor();
    await page.getByText('Your rating: 4 of 5').waitFor();
    await screenshot(page, 'groups-rating');
    // The star's tooltip would fade out mid-check when the phone layout moves the star from under the pointer.
    await page.mouse.move(0, 0);
    await page.locator('.ant-tooltip:not(.ant-tooltip-hidden)').waitFor({ state: 'detached' });
    await expectAccessible(page, 'rate meeting tab');

    const ownerBrowser = await newPage(session.browser);
    try {
      await signIn(ownerBrowser.page, owner);
      const dashboard = await new GroupDashboardPage(ownerBrowser.page).open(group.id);
      expect(await dashboard.statValue('Average rating')).toBe('4.5');
      await dashboard.statCard('Average rating').getByText('from 2 ratings').waitFor();
    } finally {
      await ownerBrowser.context.close();
    }
  });

  it('shares prayer requests: anonymous to others, prayed for once, answered, hidden by a leader, deleted', async () => {
    const { page } = session;
    const owner = await seedMember();
    const name = `Prayer Warriors ${uniqueWord()}`;
    const group = await seedGroup(owner.session, { name });
    const member = await seedMember();
    await joinGroup(member.session, group.id);
    await waitForNames(owner.session, group.id, [owner.name, member.name]);
    await postPrayer(owner.session, group.id, 'Pray for my mother’s surgery on Friday.');
    const offTopic = 'Selling my old bike, message me.';
    await postPrayer(member.session, group.id, offTopic);

    await signIn(page, member);
    const groupPage = await new GroupPage(page).open(group.id, name);
    await groupPage.prayer('Pray for my mother’s surgery on Friday.').getByText(owner.name).waitFor();
    const mine = 'Wisdom for a new job decision.';
    await groupPage.postPrayer(mine, { anonymous: true });
    await toast(page, 'Prayer request shared').waitFor();
    await groupPage.prayer(mine).getByText('(you, shown as Anonymous to others)').waitFor();

    const ownerBrowser = await newPage(session.browser);
    try {
      await signIn(ownerBrowser.page, owner);
      const ownerView = await new GroupPage(ownerBrowser.page).open(group.id, name);
      const seen = ownerView.prayer(mine);
      await seen.getByText('Anonymous', { exact: true }).waitFor();
      expect(await seen.innerText()).not.toContain(member.name);
      await seen.getByRole('button', { name: 'I prayed' }).click();
      await seen.getByText('1 person prayed').waitFor();
      // Once: the button is spent.
      expect(await seen.getByRole('button', { name: 'You prayed' }).isDisabled()).toBe(true);
      await screenshot(ownerBrowser.page, 'groups-prayers-leader');
      await expectAccessible(ownerBrowser.page, 'prayer requests seen by a leader');

      // A leader hides what does not belong; the author still sees it, marked Hidden.
      await ownerView.prayer(offTopic).getByRole('button', { name: 'Hide' }).click();
      await ownerBrowser.page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Hide' }).click();
      await ownerView.prayer(offTopic).getByText('Hidden', { exact: true }).waitFor();
    } finally {
      await ownerBrowser.context.close();
    }

    await groupPage.open(group.id, name);
    const own = groupPage.prayer(mine);
    await own.getByText('1 person prayed').waitFor();
    await own.getByRole('button', { name: 'Mark answered' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark as answered' });
    await dialog.getByLabel('Share a short testimony (optional)').fill('The offer came with time to rest on Sundays.');
    await expectAccessible(page, 'mark answered dialog');
    await dialog.getByRole('button', { name: 'Mark answered' }).click();
    await own.getByText('Answered', { exact: true }).waitFor();
    await own.getByText('The offer came with time to rest on Sundays.').waitFor();
    expect(await own.getByRole('button', { name: 'Mark answered' }).count()).toBe(0);
    await screenshot(page, 'groups-prayers-answered');
    await expectAccessible(page, 'prayer requests');

    const hidden = groupPage.prayer(offTopic);
    await hidden.getByText('Hidden', { exact: true }).waitFor();
    await hidden.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Delete' }).click();
    await hidden.waitFor({ state: 'detached' });
    expect(await groupPage.prayers.count()).toBe(2);
  });
});
