import type { ChurchDashboard } from '@abide/contracts';
import { eventually } from '@abide/testing';
import { ChurchDashboardPage } from './pages/ChurchDashboardPage';
import { joinChurch, joinCodeOf, seedChurch } from './seed/churches';
import { checkInHabit, seedHabit } from './seed/formation';
import { joinGroup, seedGroup, stopSharingProgress, uniqueWord } from './seed/groups';
import { seedMember } from './seed/members';
import { expectAccessible } from './support/accessibility';
import { screenshot, useBrowser, viewports } from './support/browser';
import { signIn } from './support/sign-in';

/** The pastor's dashboard (docs/churches.md): consented figures of a church, for its admins. */
describe('the pastor’s dashboard', () => {
  const session = useBrowser(viewports.desktop);

  it('shows a church admin real figures of sharing members, group health member by member, CSV files, at desktop and phone width', async () => {
    const { page } = session;
    const [admin, active, quiet, member] = await Promise.all([seedMember(), seedMember(), seedMember(), seedMember()]);
    await stopSharingProgress(quiet.session);
    const church = await seedChurch(admin.session, { name: `Grace Fellowship ${uniqueWord()}` });
    const code = await joinCodeOf(admin.session, church.id);
    for (const m of [active, quiet, member]) await joinChurch(m.session, code);
    const groupName = `Alpha course ${uniqueWord()}`;
    const group = await seedGroup(admin.session, { name: groupName, churchId: church.id });
    for (const m of [active, quiet, member]) await joinGroup(m.session, group.id);
    for (const m of [active, quiet])
      await checkInHabit(m.session, (await seedHabit(m.session, { name: 'Morning prayer', category: 'prayer' })).id);
    await eventually(
      async () => {
        const res = await admin.session.get<ChurchDashboard>(`/api/churches/${church.id}/dashboard`);
        const [health] = res.body.groups ?? [];
        return res.status === 200 && res.body.weeks.at(-1)?.checkIns === 1 && health?.memberCount === 4 ? res.body : undefined;
      },
      { timeoutMs: 30_000 },
    );

    await signIn(page, admin);
    await page.goto('/churches');
    await page.getByTestId('church-card').filter({ hasText: church.name }).getByRole('link', { name: 'Dashboard' }).click();
    const dashboard = new ChurchDashboardPage(page);
    await dashboard.heading.waitFor();
    expect(await dashboard.figure('Members')).toBe('4');
    expect(await dashboard.figure('Active this week')).toBe('1');
    expect(await dashboard.figure('Habit check-ins')).toBe('1');
    expect(await dashboard.figure('Journaling days')).toBe('0');
    await page.getByText('3 of 4 share their progress; 1 does not').waitFor();
    await page.getByRole('heading', { name: 'Activity by week' }).waitFor();
    // One line of active members, three of activity.
    expect(await page.locator('.church-trend__plot path.recharts-line-curve').count()).toBe(4);

    const cells = await dashboard.groupCells(groupName);
    expect(cells).toEqual([groupName, '4 (3 sharing)', expect.stringMatching(/^1\/\d+ \(\d+%\)$/), 'No ratings']);
    const week = await dashboard.expandGroup(groupName);
    await week.getByRole('cell', { name: active.name, exact: true }).waitFor();
    expect(await week.getByText(quiet.name).count()).toBe(0);
    expect(await dashboard.curriculum.getByRole('heading', { name: 'Curriculum progress' }).count()).toBe(1);
    // This church has written no curriculum yet: the card says so (the curricula spec shows it with one).
    await dashboard.curriculum.getByText('No published curriculum yet').waitFor();

    await screenshot(page, 'church-dashboard');
    await expectAccessible(page, 'pastor’s dashboard');
    await page.setViewportSize(viewports.phone);
    // At phone width each group is a card with the table's figures, and nothing scrolls sideways.
    const phone = await dashboard.groupCard(groupName);
    expect(phone.figures).toEqual({ Members: cells[1], 'Check-ins this week': cells[2], 'Meeting ratings': cells[3] });
    await phone.card.getByText('Members’ week').click();
    const activeWeek = phone.card.getByRole('listitem').filter({ hasText: active.name });
    expect((await activeWeek.innerText()).split('\n')).toEqual([active.name, '1 check-in · 0 plan activities · 0 journaling days']);
    expect(await phone.card.getByText(quiet.name).count()).toBe(0);
    expect(await dashboard.sidewaysOverflow()).toEqual({ page: 0, groupHealth: 0 });
    await screenshot(page, 'church-dashboard-phone');
    await expectAccessible(page, 'pastor’s dashboard at phone width');
    await page.setViewportSize(viewports.desktop);

    const weekly = await dashboard.download('Weekly figures (CSV)');
    expect(weekly.name).toMatch(new RegExp(`^${church.slug}-weekly-figures-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const lines = weekly.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Week starting,Active members,Habit check-ins,Plan activities,Journaling days');
    expect(lines.at(-1)).toMatch(/,1,1,0,0$/);
    const groups = await dashboard.download('Group health (CSV)');
    expect(groups.text).toContain(`${groupName},4,3,1,`);
    expect(groups.text).not.toContain(active.name);
  });

  it('offers the dashboard to admins only: a member sees no link, and the page refuses them', async () => {
    const { page } = session;
    const [admin, member] = await Promise.all([seedMember(), seedMember()]);
    const church = await seedChurch(admin.session, { name: `Harbour Church ${uniqueWord()}` });
    await joinChurch(member.session, await joinCodeOf(admin.session, church.id));

    await signIn(page, member);
    await page.goto('/churches');
    const card = page.getByTestId('church-card').filter({ hasText: church.name });
    await card.getByRole('link', { name: 'Church page' }).waitFor();
    expect(await card.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);

    await page.goto(`/churches/${church.id}/dashboard`);
    await page.getByText('The pastor’s dashboard is for the church’s admins').waitFor();
    await expectAccessible(page, 'pastor’s dashboard refused');
  });
});
