import path from 'node:path';
import { uniqueEmail, waitForMail } from '@abide/testing';
import type { Locator, Page } from 'playwright-core';
import { textFile } from './fixtures/library/files';
import { onboardingChoices } from './fixtures/onboarding-choices';
import { AppFrame } from './pages/AppFrame';
import { LoginPage } from './pages/LoginPage';
import { OnboardingPage } from './pages/OnboardingPage';
import { joinChurch, joinCodeOf, logoSvg, seedChurch, seedJoinInvitations, seedLogo } from './seed/churches';
import { formationKnowsAdmin } from './seed/curricula';
import { checkInHabit, seedHabit, seedJournalEntry } from './seed/formation';
import { joinGroup, postPrayer, seedGroup, uniqueWord } from './seed/groups';
import { seedApprovedResource, seedModerator, uploadResource } from './seed/library';
import { seedMember, type SeededMember } from './seed/members';
import { processedForReview, seedAdmin } from './seed/ops';
import { SCREENSHOT_DIR, screenshot, useBrowser, viewports } from './support/browser';
import { outsideWindow } from './support/layout';
import { signIn } from './support/sign-in';
import { layoutProblems } from './support/walk';

/**
 * Issue 26, "a walk of every page at 390 and 1280 px as each role": each role signs in once, with real data seeded
 * through the API (a branded church with a long name and a logo, a group with a long name and a bare meeting link,
 * habits, a journal entry, a resource waiting for review), and visits every page it can reach and the popups it opens
 * often, at both widths. On each: the page does not scroll sideways, no control is outside the window or cut by a box
 * that hides its overflow, the page's heading and its main actions are on screen. One screenshot per page, width and
 * role (screenshots/walk-<role>-<page>-<width>.png). Every finding is collected, so one run lists them all, each naming
 * the role, width, page and control.
 */

// The findings are layout facts, not timing: a retry would only triple the wait for the same list.
jest.retryTimes(0);
// A role's walk is 10 to 20 pages and popups at two widths. The member's, the longest, took 218 s on a shared 2-core
// machine under load before pages were loaded once for both widths: room for a busy machine, not for a slow page.
jest.setTimeout(360_000);

type Width = keyof typeof viewports;
const widths: Width[] = ['desktop', 'phone'];

interface Stop {
  /** How the report and the screenshot name the page (or popup). */
  name: string;
  path: string;
  /** The page's level-1 heading (any when not given). */
  heading?: string | RegExp;
  /** Controls a person comes to the page for: each must show, inside the window. */
  actions?: (page: Page) => Locator[];
  /** Opens a popup over the page once it shows; the popup's controls are checked with the page's. */
  open?: (page: Page, frame: AppFrame) => Promise<void>;
  /** Only when this holds once the page shows (the side menu: on a phone, or when the header's links folded). */
  when?: (frame: AppFrame) => Promise<boolean>;
}

const LONG_CHURCH = 'Saint Bartholomew the Apostle Community Church of the Valley';
const LONG_GROUP = 'Tuesday Evening Fellowship and Bible Study for Young Families';

const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name });
const link = (page: Page, name: string | RegExp) => page.getByRole('link', { name });

/** Popups of the frame that every signed-in role opens. */
const framePopups = (path: string): Stop[] => [
  {
    name: 'account menu',
    path,
    open: async (page, frame) => {
      const logOut = page.getByRole('menuitem', { name: 'Log out' });
      await frame.accountButton.click();
      // As for the bell below: a click that lands while a busy page (Operations refreshes every 5 s) draws is lost.
      await logOut.waitFor({ timeout: 5_000 }).catch(() => frame.accountButton.click());
      await logOut.waitFor();
    },
    actions: (page) => [page.getByRole('menuitem', { name: 'Settings' }), page.getByRole('menuitem', { name: 'Log out' })],
  },
  {
    name: 'notifications',
    path,
    open: async (page, frame) => {
      const heading = page.locator('.notifications').getByText('Notifications', { exact: true });
      await frame.bell.click();
      // A click that lands while the page is still drawing its data can be lost on a busy machine: once more, then wait.
      await heading.waitFor({ timeout: 5_000 }).catch(() => frame.bell.click());
      await heading.waitFor();
    },
  },
  {
    name: 'side menu',
    path,
    when: (frame) => frame.menuButton.isVisible(),
    open: async (_page, frame) => {
      await frame.menuButton.click();
      await frame.sideMenu.waitFor();
    },
    actions: (page) => [page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Groups', exact: true })],
  },
];

/** The frame's own controls, on every signed-in page. */
const frameControls = (frame: AppFrame): Locator[] => [frame.bell, frame.accountButton];

/** Waits until the page has drawn its data: the heading, no spinner or skeleton left, fonts in, the header measured. */
async function settle(page: Page, stop: Stop): Promise<void> {
  await page
    .getByRole('heading', { level: 1, ...(stop.heading ? { name: stop.heading } : {}) })
    .first()
    .waitFor();
  await page
    .waitForFunction(() => !document.querySelector('.ant-skeleton, .ant-spin-spinning, .loading-screen'), undefined, { timeout: 10_000 })
    .catch(() => undefined);
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Two frames: the header's fold (a ResizeObserver) answers the last layout change.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * Walks the stops at both widths in one signed-in page and returns every finding, each as
 * "<role> at <width> (<px> px), <page> (<path>): <problem>".
 */
async function walk(page: Page, role: string, stops: Stop[]): Promise<string[]> {
  const frame = new AppFrame(page);
  const findings: string[] = [];
  for (const stop of stops) {
    let loaded = false;
    for (const width of widths) {
      const where = `${role} at ${width} (${viewports[width].width} px), ${stop.name} (${stop.path})`;
      const slug = stop.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
      try {
        await page.setViewportSize(viewports[width]);
        // A page is loaded once and seen at both widths, as a window is resized: the second width only settles again.
        // A popup (or a stop shown only at some widths) is opened afresh at each, as a person opens it there.
        if (!loaded || stop.open || stop.when) await page.goto(stop.path);
        await settle(page, stop);
        loaded = true;
        if (stop.when && !(await stop.when(frame))) continue;
        if (stop.open) await stop.open(page, frame);
        const heading = page.getByRole('heading', { level: 1 }).first();
        const expected = [...(stop.open ? [] : [heading]), ...(stop.actions?.(page) ?? [])];
        if (
          !stop.open &&
          stop.path !== '/' &&
          !stop.path.startsWith('/c/') &&
          !stop.path.startsWith('/login') &&
          (await frame.accountButton.count())
        )
          expected.push(...frameControls(frame));
        for (const control of expected) {
          const shown = await control.first().isVisible();
          const name = String(control);
          if (!shown) {
            findings.push(`${where}: ${name} is not shown`);
            continue;
          }
          const outside = await outsideWindow(page, control.first());
          if (outside.left > 1 || outside.right > 1)
            findings.push(`${where}: ${name} reaches ${outside.left} px left and ${outside.right} px right outside the window`);
        }
        for (const problem of await layoutProblems(page)) findings.push(`${where}: ${problem}`);
        // A popup is seen where it opened: the window, not the whole page behind it.
        if (stop.open) await page.screenshot({ path: path.join(SCREENSHOT_DIR, `walk-${role}-${slug}-${width}.png`) });
        else await screenshot(page, `walk-${role}-${slug}-${width}`);
      } catch (error) {
        loaded = false;
        const lines = (error as Error).message.split('\n').filter((line) => line.trim() && !line.includes('====='));
        findings.push(`${where}: the page did not show (${lines.slice(0, 3).join(' ')}), see walk-${role}-${slug}-${width}-failed.png`);
        await screenshot(page, `walk-${role}-${slug}-${width}-failed`).catch(() => undefined);
      }
    }
  }
  return findings;
}

const expectNoFindings = (role: string, findings: string[]) => {
  if (findings.length > 0) throw new Error(`Walking as ${role}, ${findings.length} layout problem(s):\n- ${findings.join('\n- ')}`);
};

/** A branded church with a long name and a logo, run by `admin`. */
async function brandedChurch(admin: SeededMember) {
  const church = await seedChurch(admin.session, { name: LONG_CHURCH, primaryColor: '#7c2d12' });
  await seedLogo(admin.session, church.id, logoSvg('#7c2d12'));
  return church;
}

describe('every page at 390 and 1280 px, as each role', () => {
  const session = useBrowser(viewports.desktop);

  it('a visitor who is signed out', async () => {
    const { page } = session;
    const owner = await seedMember();
    const church = await brandedChurch(owner);
    const stops: Stop[] = [
      { name: 'home', path: '/', actions: (p) => [link(p, 'Start Your Journey'), new AppFrame(p).getStarted] },
      { name: 'login', path: '/login', actions: (p) => [button(p, 'Sign In'), p.getByRole('tab', { name: 'Register' })] },
      { name: 'church page', path: `/c/${church.slug}`, heading: LONG_CHURCH, actions: (p) => [button(p, `Join ${LONG_CHURCH}`)] },
      { name: 'not found', path: '/no-such-page', heading: 'Page Not Found' },
    ];
    expectNoFindings('visitor', await walk(page, 'visitor', stops));
  });

  it('a newcomer before onboarding', async () => {
    const { page } = session;
    const newcomer = await seedMember({ onboarded: false });
    await (await new LoginPage(page).open()).signIn(newcomer);
    await page.waitForURL('**/onboarding');
    // The wizard's four steps, each reached as a newcomer does: answering the steps before it.
    const toStep = async (page: Page, step: 2 | 3 | 4) => {
      const onboarding = new OnboardingPage(page);
      await onboarding.choose(onboardingChoices.goals);
      await onboarding.continueButton.click();
      await onboarding.stepText(2).waitFor();
      if (step === 2) return;
      await onboarding.choose(onboardingChoices.connections);
      await onboarding.continueButton.click();
      await onboarding.stepText(3).waitFor();
      if (step === 3) return;
      await onboarding.continueButton.click();
      await onboarding.stepText(4).waitFor();
    };
    const stops: Stop[] = [
      { name: 'onboarding', path: '/onboarding', actions: (p) => [button(p, 'Continue')] },
      ...([2, 3, 4] as const).map((step): Stop => ({
        name: `onboarding step ${step}`,
        path: '/onboarding',
        open: (p) => toStep(p, step),
        actions: (p) => [button(p, 'Previous'), button(p, step === 4 ? 'Complete Setup' : 'Continue')],
      })),
    ];
    expectNoFindings('newcomer', await walk(page, 'newcomer', stops));
  });

  it('a member in a group and a church', async () => {
    const { page } = session;
    const [member, leader] = await Promise.all([seedMember(), seedMember()]);
    const church = await brandedChurch(leader);
    const group = await seedGroup(leader.session, {
      name: `${LONG_GROUP} ${uniqueWord()}`,
      description: 'We read a chapter a week, pray for one another and share a simple supper.',
      meeting: { day: 'tuesday', time: '19:00', location: 'meet.example.org/tuesday-evening-fellowship-and-bible-study' },
      churchId: church.id,
    });
    const habit = await seedHabit(member.session, { name: 'Morning prayer before the day begins', category: 'prayer' });
    await Promise.all([
      joinGroup(member.session, group.id),
      joinChurch(member.session, await joinCodeOf(leader.session, church.id)),
      checkInHabit(member.session, habit.id),
      seedHabit(member.session, { name: 'Read a chapter of the Gospels', category: 'bible-study' }),
      seedJournalEntry(member.session, {
        content: 'Peter left his nets at the word of Jesus. What would I leave today?',
        scriptureReference: 'Luke 5:1-11',
      }),
    ]);
    await postPrayer(member.session, group.id, 'For my mother, who starts treatment on Monday.');
    await signIn(page, member);

    const stops: Stop[] = [
      { name: 'home', path: '/' },
      { name: 'my plan', path: '/plan' },
      { name: 'habits', path: '/habits', actions: (p) => [button(p, 'Add Habit')] },
      {
        name: 'habits analytics',
        path: '/habits',
        open: (p) => p.getByRole('tab', { name: 'Analytics' }).click(),
      },
      { name: 'add habit', path: '/habits', open: (p) => button(p, 'Add Habit').click(), actions: (p) => [button(p, 'Create Habit')] },
      { name: 'journal', path: '/journal', actions: (p) => [button(p, 'Save Reflection')] },
      { name: 'library', path: '/library', actions: (p) => [p.getByRole('textbox', { name: 'Search resources' })] },
      { name: 'upload', path: '/upload', actions: (p) => [button(p, 'Upload Resource')] },
      { name: 'my uploads', path: '/my-uploads' },
      { name: 'groups', path: '/groups', actions: (p) => [p.locator('.page-header').getByRole('button', { name: 'Create Group' })] },
      { name: 'group', path: `/groups/${group.id}` },
      { name: 'group prayer requests', path: `/groups/${group.id}`, open: (p) => p.getByRole('tab', { name: 'Prayer requests' }).click() },
      { name: 'settings', path: '/settings' },
      { name: 'churches', path: '/churches' },
      { name: 'church page', path: `/c/${church.slug}`, heading: LONG_CHURCH },
      { name: 'not found', path: '/no-such-page', heading: 'Page Not Found' },
      ...framePopups('/plan'),
    ];
    expectNoFindings('member', await walk(page, 'member', stops));
  });

  it('a person invited by a church, new to Abide or a member already', async () => {
    const { page } = session;
    const [admin, invitee] = await Promise.all([seedMember(), seedMember()]);
    // Imports ask for two-factor sign-in (docs/member-imports.md).
    await admin.session.enableTwoFactor();
    const church = await brandedChurch(admin);
    const newcomer = uniqueEmail('invited');
    const [invitationId] = await seedJoinInvitations(admin.session, church.id, [
      { name: invitee.name, email: invitee.email },
      { name: 'Lydia of Thyatira', email: newcomer },
    ]);
    // The new person's link comes by e-mail: its token is in the fragment.
    const mail = await waitForMail(newcomer, { subject: `${LONG_CHURCH} invites you to Abide`, timeoutMs: 30_000 });
    const link = new URL(/https?:\/\/\S+\/invitation#\S+/.exec(mail.text ?? '')![0]);
    const heading = `${LONG_CHURCH} invites you`;
    const signedOut: Stop[] = [
      {
        name: 'invitation',
        path: `${link.pathname}${link.hash}`,
        actions: (p) => [p.getByRole('heading', { name: heading }), p.getByLabel('Password'), button(p, 'Accept and join')],
      },
    ];
    const findings = await walk(page, 'invited', signedOut);
    await signIn(page, invitee);
    const signedIn: Stop[] = [
      {
        name: 'join invitation',
        path: `/invitations/${invitationId}`,
        actions: (p) => [p.getByText(heading, { exact: true }), button(p, 'Accept and join')],
      },
    ];
    findings.push(...(await walk(page, 'invited-member', signedIn)));
    expectNoFindings('invited person', findings);
  });

  it('a group leader', async () => {
    const { page } = session;
    const [leader, member] = await Promise.all([seedMember(), seedMember()]);
    const group = await seedGroup(leader.session, {
      name: `${LONG_GROUP} ${uniqueWord()}`,
      description: 'We read a chapter a week, pray for one another and share a simple supper.',
      meeting: { day: 'tuesday', time: '19:00', location: 'meet.example.org/tuesday-evening-fellowship-and-bible-study' },
    });
    await joinGroup(member.session, group.id);
    await postPrayer(member.session, group.id, 'For wisdom in a hard conversation at work this week.');
    await signIn(page, leader);

    const stops: Stop[] = [
      { name: 'groups', path: '/groups' },
      {
        name: 'create group',
        path: '/groups',
        open: async (p) => {
          await p.locator('.page-header').getByRole('button', { name: 'Create Group' }).click();
          await p.getByRole('dialog', { name: 'Create Group' }).waitFor();
        },
        actions: (p) => [p.getByRole('dialog', { name: 'Create Group' }).getByRole('button', { name: 'Create Group' })],
      },
      { name: 'group', path: `/groups/${group.id}` },
      { name: 'group members', path: `/groups/${group.id}`, open: (p) => p.getByRole('tab', { name: 'Members' }).click() },
      { name: 'group dashboard', path: `/groups/${group.id}/dashboard` },
      { name: 'my plan', path: '/plan' },
      ...framePopups('/groups'),
    ];
    expectNoFindings('leader', await walk(page, 'leader', stops));
  });

  it('a church admin in a branded church with a long name', async () => {
    const { page } = session;
    const admin = await seedMember();
    const church = await brandedChurch(admin);
    const group = await seedGroup(admin.session, { name: `${LONG_GROUP} ${uniqueWord()}`, churchId: church.id });
    await formationKnowsAdmin(admin.session, church.id);
    const created = await admin.session.post<{ id: string; revision: number }>('/api/curricula', {
      churchId: church.id,
      title: 'Walking with the Apostles through the Book of Acts',
      description: 'Eight weeks with the first church.',
    });
    if (created.status !== 201) throw new Error(`curriculum not created: ${created.status} ${JSON.stringify(created.body)}`);
    const activity = {
      name: 'Read and pray',
      description: 'Read the chapter slowly and pray it back.',
      durationMinutes: 20,
      scripture: 'Acts 2:42-47',
    };
    const saved = await admin.session.put(`/api/curricula/${created.body.id}/draft`, {
      revision: created.body.revision,
      title: 'Walking with the Apostles through the Book of Acts',
      description: 'Eight weeks with the first church.',
      weeks: [
        {
          title: 'The Spirit poured out on all flesh',
          summary: 'Pentecost and the first community.',
          days: Array.from({ length: 7 }, (_, day) => ({ activities: day === 1 ? [activity] : [] })),
        },
      ],
    });
    if (saved.status !== 200) throw new Error(`curriculum draft not saved: ${saved.status} ${JSON.stringify(saved.body)}`);
    await signIn(page, admin);
    await page.getByTestId('church-badge').waitFor();

    const stops: Stop[] = [
      { name: 'my plan', path: '/plan' },
      { name: 'churches', path: '/churches' },
      { name: 'church settings', path: `/churches/${church.id}/settings` },
      { name: 'church dashboard', path: `/churches/${church.id}/dashboard` },
      { name: 'curricula', path: `/churches/${church.id}/curricula` },
      { name: 'curriculum editor', path: `/curricula/${created.body.id}` },
      { name: 'member import', path: `/churches/${church.id}/import` },
      { name: 'church page', path: `/c/${church.slug}`, heading: LONG_CHURCH },
      { name: 'groups', path: '/groups' },
      { name: 'group dashboard', path: `/groups/${group.id}/dashboard` },
      ...framePopups('/churches'),
    ];
    expectNoFindings('church admin', await walk(page, 'church-admin', stops));
  });

  it('a moderator in a branded church', async () => {
    const { page } = session;
    const [moderator, uploader, owner] = await Promise.all([seedModerator(), seedMember(), seedMember()]);
    const church = await brandedChurch(owner);
    await joinChurch(moderator.session, await joinCodeOf(owner.session, church.id));
    const waiting = await uploadResource(uploader.session, {
      file: textFile('a-long-obedience.txt', 'A long obedience in the same direction: notes on the Psalms of Ascent.'),
      title: `A long obedience in the same direction: notes on the Psalms of Ascent ${uniqueWord()}`,
      category: 'guide',
    });
    await processedForReview(uploader.session, waiting.id);
    await seedApprovedResource(uploader.session, moderator.session, {
      file: textFile('psalm-121.txt', 'I lift up my eyes to the hills.'),
      title: `Psalm 121 for travellers ${uniqueWord()}`,
      category: 'devotional',
    });
    await signIn(page, moderator);

    const stops: Stop[] = [
      { name: 'review queue', path: '/moderation' },
      { name: 'audit trail', path: '/moderation', open: (p) => p.getByRole('tab', { name: 'Audit trail' }).click() },
      { name: 'library', path: '/library' },
      { name: 'my plan', path: '/plan' },
      ...framePopups('/moderation'),
    ];
    expectNoFindings('moderator', await walk(page, 'moderator', stops));
  });

  it('an admin in a branded church with a long name', async () => {
    const { page } = session;
    const admin = await seedAdmin();
    await brandedChurch(admin);
    await signIn(page, admin);
    await page.getByTestId('church-badge').waitFor();

    const stops: Stop[] = [
      { name: 'operations', path: '/ops' },
      { name: 'review queue', path: '/moderation' },
      { name: 'churches', path: '/churches' },
      { name: 'my plan', path: '/plan' },
      { name: 'settings', path: '/settings' },
      ...framePopups('/ops'),
    ];
    expectNoFindings('admin', await walk(page, 'admin', stops));
  });
});
