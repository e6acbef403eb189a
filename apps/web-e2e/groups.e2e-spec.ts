import { FREE_PLAN_GROUP_LIMIT, groupMessages } from '@abide/contracts';
import { GroupDashboardPage } from './pages/GroupDashboardPage';
import { GroupPage } from './pages/GroupPage';
import { GroupsPage } from './pages/GroupsPage';
import { closeToastIfShown, fieldError, toast } from './pages/Toasts';
import { joinGroup, postPrayer, seedGroup, uniqueWord, waitForNames } from './seed/groups';
import { seedMember } from './seed/members';
import { newPage, screenshot, useBrowser, viewports } from './support/browser';
import { expectAccessible } from './support/accessibility';
import { sidewaysScroll } from './support/layout';
import { signIn } from './support/sign-in';

/** Discover's page size (apps/web/src/features/groups/components/DiscoverTab.tsx). */
const DISCOVER_PAGE_SIZE = 12;

/** Groups (issue 6): My Groups, Create Group, the free plan's one group, Discover, joining. */
describe('groups', () => {
  const session = useBrowser(viewports.desktop);

  it('shows No groups yet, checks the name, and creates a group that shows 1 member', async () => {
    const { page } = session;
    const member = await seedMember();
    await signIn(page, member);
    const groups = await new GroupsPage(page).open();

    await groups.emptyState.getByText('No groups yet').waitFor();
    await screenshot(page, 'groups-empty');
    await expectAccessible(page, 'groups, none yet');
    // Find Groups switches to Discover.
    await groups.emptyState.getByRole('button', { name: 'Find Groups' }).click();
    expect(await groups.discoverTab.getAttribute('aria-selected')).toBe('true');
    await groups.myGroupsTab.click();

    await groups.emptyState.getByRole('button', { name: 'Create Group' }).click();
    await groups.submitCreate();
    await fieldError(page, groupMessages.nameRequired).waitFor();
    await expectAccessible(page, 'create group dialog with an error');

    const name = `Tuesday Romans ${uniqueWord()}`;
    await groups.fillAndCreate({
      name,
      description: 'Reading Romans slowly, one chapter a week.',
      meetingDay: 'Tuesday',
      meetingTime: '19:30',
      meetingLocation: 'Fellowship Hall',
    });
    await toast(page, 'Group created successfully!').waitFor();

    const card = groups.card(name);
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain('Reading Romans slowly, one chapter a week.');
    expect(text).toContain('1 member');
    expect(text).not.toContain('1 members');
    expect(text).toContain('Owner');
    expect(text).toContain('No recent activity');
    expect(text).toContain('Tuesdays at 7:30 PM');
    expect(text).toContain('Fellowship Hall');
    expect(text).toContain('0/0');
    // Nobody has done anything yet, so the group is not Active.
    expect(await card.getByText('Active', { exact: true }).count()).toBe(0);
    await card.getByRole('link', { name: /^View Dashboard/ }).waitFor();
    await screenshot(page, 'groups-my-groups');
    await expectAccessible(page, 'my groups');

    // The free plan includes one group of one's own.
    await groups.headerCreateButton.click();
    await groups.fillAndCreate({ name: `Second group ${uniqueWord()}` });
    const refusal = toast(page, 'Failed to create group');
    await refusal.waitFor();
    await refusal.getByText(groupMessages.limitReached(FREE_PLAN_GROUP_LIMIT)).waitFor();
    await screenshot(page, 'groups-plan-limit');
  });

  it('searches Discover on the server, joins a public group at once and finds it in My Groups', async () => {
    const { page } = session;
    const word = uniqueWord();
    const owner = await seedMember();
    const otherOwner = await seedMember();
    const publicName = `Psalms at Sunrise ${word}`;
    await seedGroup(owner.session, {
      name: publicName,
      description: 'Morning prayer with the Psalms.',
      meeting: { day: 'saturday', time: '07:00', location: 'https://meet.example.org/psalms' },
    });
    // Found by its description, not its name: the search covers both.
    await seedGroup(otherOwner.session, { name: `Hope Circle ${uniqueWord()}`, description: `Quiet ${word} fellowship`, isPublic: false });
    const member = await seedMember();
    await signIn(page, member);
    const groups = await new GroupsPage(page).open();
    await groups.discoverTab.click();

    await groups.searchFor(word);
    await groups.discoverCount.getByText(`2 groups match “${word}”`).waitFor();
    const card = groups.card(publicName);
    expect(await card.innerText()).toMatch(/Public[\s\S]*1 member[\s\S]*Saturdays at 7:00 AM/);
    expect(await card.getByRole('link', { name: 'Join online' }).getAttribute('href')).toBe('https://meet.example.org/psalms');

    await groups.searchFor(`${word} nothing-like-this`);
    await groups.discoverCount.getByText(/^No groups match/).waitFor();
    expect(await card.count()).toBe(0);

    // Browse All clears the search.
    await groups.browseAll.click();
    expect(await groups.search.inputValue()).toBe('');
    await groups.discoverCount.getByText(/^\d+ groups?$/).waitFor();

    await groups.searchFor(word);
    await groups.discoverCount.getByText(`2 groups match “${word}”`).waitFor();
    await card.getByRole('button', { name: `Request to Join: ${publicName}` }).click();
    // Joining asks first whether the group's leaders may see the member's progress (off unless turned on: #26).
    await page.getByRole('dialog', { name: `Join ${publicName}` }).getByRole('button', { name: 'Join group' }).click();
    await toast(page, 'Successfully joined group!').waitFor();
    await card.getByRole('link', { name: `Open ${publicName}` }).waitFor();
    await card.getByText('2 members').waitFor();
    await screenshot(page, 'groups-discover-joined');
    await expectAccessible(page, 'discover groups');

    await groups.myGroupsTab.click();
    const mine = groups.card(publicName);
    await mine.getByText('2 members', { exact: true }).waitFor();
    expect(await mine.locator('.role-tag').innerText()).toBe('Member');
    // Plain members do not get the leaders' dashboard.
    expect(await mine.getByRole('link', { name: /^View Dashboard/ }).count()).toBe(0);

    // Leave from the group's page: back on Groups, the group is gone from My Groups.
    await mine.getByRole('link', { name: `Open ${publicName}` }).click();
    const groupPage = new GroupPage(page);
    await groupPage.leaveButton.click();
    await page.locator('.ant-popconfirm:visible').waitFor();
    await expectAccessible(page, 'leave confirmation');
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Leave' }).click();
    await toast(page, `You left ${publicName}`).waitFor();
    await page.waitForURL('**/groups');
    await groups.emptyState.getByText('No groups yet').waitFor();
  });

  it('pages through Discover with Load more', async () => {
    const { page } = session;
    const word = uniqueWord();
    // One group per owner (the free plan), one more than a page holds.
    const owners = await Promise.all(Array.from({ length: DISCOVER_PAGE_SIZE + 1 }, () => seedMember()));
    for (const [index, owner] of owners.entries()) await seedGroup(owner.session, { name: `Fellowship ${index + 1} ${word}` });
    await signIn(page, owners[0]);
    const groups = await new GroupsPage(page).open();
    await groups.discoverTab.click();
    await groups.searchFor(word);
    await groups.discoverCount.getByText(`${DISCOVER_PAGE_SIZE + 1} groups match “${word}”`).waitFor();
    const cards = page.locator('.group-card--discover');
    expect(await cards.count()).toBe(DISCOVER_PAGE_SIZE);

    await groups.loadMore.click();
    await cards.nth(DISCOVER_PAGE_SIZE).waitFor();
    expect(await cards.count()).toBe(DISCOVER_PAGE_SIZE + 1);
    expect(await groups.loadMore.count()).toBe(0);
    // Every group once: the pages do not overlap.
    const names = await cards.locator('h3').allInnerTexts();
    expect(new Set(names).size).toBe(DISCOVER_PAGE_SIZE + 1);
  });

  it('sends a request to a private group that the owner approves on the dashboard', async () => {
    const { page } = session;
    const owner = await seedMember();
    const name = `Men of the Word ${uniqueWord()}`;
    const group = await seedGroup(owner.session, { name, description: 'Thursday breakfast and James.', isPublic: false });
    const member = await seedMember();
    await signIn(page, member);
    const groups = await new GroupsPage(page).open();
    await groups.discoverTab.click();
    await groups.searchFor(name);
    const card = groups.card(name);
    await card.getByText('Private', { exact: false }).first().waitFor();

    await card.getByRole('button', { name: `Request to Join: ${name}` }).click();
    await toast(page, 'Request sent').waitFor();
    await card.getByRole('button', { name: `Request sent to ${name}` }).waitFor();
    expect(await card.getByRole('button', { name: `Request sent to ${name}` }).isDisabled()).toBe(true);
    // Still 1 member: a request is not a membership.
    await card.getByText('1 member', { exact: true }).waitFor();
    await screenshot(page, 'groups-request-sent');
    await waitForNames(owner.session, group.id, [member.name], 'requests');

    // The owner answers it on the Leadership Dashboard, in a browser of their own.
    const ownerBrowser = await newPage(session.browser);
    try {
      await signIn(ownerBrowser.page, owner);
      const dashboard = await new GroupDashboardPage(ownerBrowser.page).open(group.id);
      await dashboard.requests.getByText(member.name).waitFor();
      await screenshot(ownerBrowser.page, 'groups-dashboard-request');
      await expectAccessible(ownerBrowser.page, 'dashboard with a join request');
      await dashboard.requests.getByRole('button', { name: `Approve ${member.name}` }).click();
      await toast(ownerBrowser.page, `${member.name} joined the group`).waitFor();
      await dashboard.memberRow(member.name).waitFor();
      expect(await dashboard.statValue('Members')).toBe('2');
    } finally {
      await ownerBrowser.context.close();
    }

    await groups.open();
    const mine = groups.card(name);
    await mine.getByText('2 members', { exact: true }).waitFor();
    expect(await mine.locator('.role-tag').innerText()).toBe('Member');
  });

  it("shows an outsider a private group's summary only, and lets them request and withdraw from its page", async () => {
    const { page } = session;
    const owner = await seedMember();
    const name = `Night Watch ${uniqueWord()}`;
    const group = await seedGroup(owner.session, { name, description: 'Praying through the night shift.', isPublic: false });
    await postPrayer(owner.session, group.id, 'For the nurses on the ward tonight.');
    const member = await seedMember();
    await signIn(page, member);
    await new GroupPage(page).open(group.id, name);
    await page.getByText('Praying through the night shift.').waitFor();
    await page.getByText('This is a private group. Request to join, and a leader will review your request.').waitFor();
    // Members-only content stays out of sight.
    expect(await page.getByRole('tab', { name: 'Prayer requests' }).count()).toBe(0);
    expect(await page.getByText('For the nurses on the ward tonight.').count()).toBe(0);

    await page.getByRole('button', { name: `Request to Join: ${name}` }).click();
    await page.getByRole('button', { name: `Request sent to ${name}` }).waitFor();
    await page.getByText('Your request is waiting for a leader to approve it.').waitFor();
    await screenshot(page, 'groups-private-outsider');
    await expectAccessible(page, 'private group seen by an outsider');
    // The toast sits over the header's buttons; close it as a person would before withdrawing.
    await closeToastIfShown(page, 'Request sent');
    await page.getByRole('button', { name: `Withdraw request to ${name}` }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Withdraw' }).click();
    await toast(page, 'Request withdrawn').waitFor();
    await page.getByRole('button', { name: `Request to Join: ${name}` }).waitFor();
  });
});

describe('groups on a phone', () => {
  const session = useBrowser(viewports.phone);

  it('shows My Groups cards in one column', async () => {
    const { page } = session;
    const member = await seedMember();
    const name = `Phone Group ${uniqueWord()}`;
    await seedGroup(member.session, {
      name,
      description: 'Small screens, big faith.',
      meeting: { day: 'friday', time: '18:00', location: null },
    });
    await signIn(page, member);
    const groups = await new GroupsPage(page).open();
    const card = groups.card(name);
    await card.getByText('1 member', { exact: true }).waitFor();
    const box = await card.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(viewports.phone.width * 0.8);
    await screenshot(page, 'groups-phone');

    await card.getByRole('link', { name: /^View Dashboard/ }).click();
    await new GroupDashboardPage(page).heading.waitFor();
    await page.getByRole('region', { name: 'Members', exact: true }).getByText('1', { exact: true }).waitFor();
    await screenshot(page, 'groups-dashboard-phone');
  });
});

/** A meeting place pasted as people paste it: a link without its scheme, a long name without a space. */
describe.each([
  ['phone', viewports.phone],
  ['desktop', viewports.desktop],
] as const)('meeting places on a %s', (width, viewport) => {
  const session = useBrowser(viewport);

  it('keeps every card inside the page and makes a link of an address without https://', async () => {
    const { page } = session;
    const member = await seedMember();
    const online = `Online Group ${uniqueWord()}`;
    const hall = `Hall Group ${uniqueWord()}`;
    const link = `zoom.us/j/98765432100?pwd=${'x'.repeat(120)}`;
    await seedGroup(member.session, {
      name: online,
      description: 'We meet online.',
      meeting: { day: 'monday', time: '19:30', location: link },
    });
    // The free plan leads one group: another member leads the second, which this one joins.
    const leader = await seedMember();
    const hallGroup = await seedGroup(leader.session, {
      name: hall,
      description: 'We meet in the hall.',
      meeting: { day: 'tuesday', time: '19:30', location: `FellowshipHall${'Building'.repeat(20)}` },
    });
    await joinGroup(member.session, hallGroup.id);
    await signIn(page, member);
    const groups = await new GroupsPage(page).open();
    await groups
      .card(hall)
      .getByText(/FellowshipHall/)
      .waitFor();

    const join = groups.card(online).getByRole('link', { name: 'Join online' });
    expect(await join.getAttribute('href')).toBe(`https://${link}`);
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, `groups-meeting-places-${width}`);
  });
});
