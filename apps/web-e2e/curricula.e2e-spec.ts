import type { CurriculumDetail, SpiritualPlan } from '@abide/contracts';
import type { Locator, Page } from 'playwright-core';
import { toast } from './pages/Toasts';
import { joinChurch, joinCodeOf, seedChurch } from './seed/churches';
import { formationKnowsAdmin, planFollowingCurriculum, progressCounted } from './seed/curricula';
import { joinGroup, seedGroup, uniqueWord } from './seed/groups';
import { seedMember } from './seed/members';
import { expectAccessible } from './support/accessibility';
import { screenshot, useBrowser, viewports } from './support/browser';
import { signIn } from './support/sign-in';

/** Adds an activity through the activity dialog. */
async function addActivity(
  page: Page,
  week: number,
  day: string,
  fields: { name: string; what: string; scripture?: string; prompt?: string },
) {
  await page.getByRole('button', { name: `Add activity on ${day}, week ${week}` }).click();
  const dialog = page.getByRole('dialog', { name: 'New activity' });
  await dialog.getByLabel('Name').fill(fields.name);
  await dialog.getByLabel('What to do').fill(fields.what);
  if (fields.scripture) await dialog.getByLabel('Scripture').fill(fields.scripture);
  if (fields.prompt) await dialog.getByLabel('Reflection prompt').fill(fields.prompt);
  await dialog.getByRole('button', { name: 'Add activity' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Drags an item by its handle onto a target with the mouse, in small steps as a hand would (dnd-kit follows pointer moves). */
async function dragOnto(page: Page, handle: Locator, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
  await page.mouse.up();
  // dnd-kit swallows clicks for 50 ms after a drop (its timer starts on the pointer's release): a timer started
  // after it fires after it, so the next click or Enter reaches the page.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

/**
 * Picks up the focused handle with Space. dnd-kit's keyboard sensor listens for the arrow keys from a timer it starts
 * on the Space; its announcement can come first, so an arrow pressed on hearing it could be lost. A timer started
 * now fires after the sensor's.
 */
async function pickUp(page: Page) {
  await page.keyboard.press('Space');
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}

/** Curricula (issue: custom curriculum): a church admin writes, reorders, previews, publishes, assigns and follows one. */
describe('curricula', () => {
  const session = useBrowser(viewports.desktop);

  it('writes a curriculum, reorders its weeks by keyboard, previews, publishes and assigns it to a group whose members’ plans follow it', async () => {
    const { page } = session;
    const [admin, member] = await Promise.all([seedMember(), seedMember()]);
    const church = await seedChurch(admin.session, { name: 'St. Columba' });
    const groupName = `Thursday fellowship ${uniqueWord()}`;
    const group = await seedGroup(admin.session, { name: groupName, churchId: church.id });
    await joinChurch(member.session, await joinCodeOf(admin.session, church.id));
    await joinGroup(member.session, group.id);
    await formationKnowsAdmin(admin.session, church.id);
    await signIn(page, admin);

    // From the church's settings to its curricula, and a new draft.
    await page.goto(`/churches/${church.id}/settings`);
    await page.getByRole('link', { name: 'Curricula' }).click();
    await page.getByRole('heading', { level: 1, name: 'St. Columba: curricula' }).waitFor();
    await page.getByText('No curricula yet: create the first one.').waitFor();
    await page.getByLabel('Title').fill('Psalms for Advent');
    await page.getByRole('button', { name: 'Create draft' }).click();
    await page.waitForURL('**/curricula/*');
    const curriculumId = page.url().split('/curricula/')[1];
    await page.getByRole('heading', { level: 1, name: /Psalms for Advent/ }).waitFor();

    // Two weeks; the second has a reference that is no scripture, and the server says where.
    await page.getByRole('button', { name: 'Add week' }).click();
    await page.getByLabel('Week title').fill('The Shepherd');
    await addActivity(page, 1, 'Monday', {
      name: 'Read Psalm 23',
      what: 'Read it slowly, twice.',
      scripture: 'ps 23:1-3',
      prompt: 'Where are your still waters?',
    });
    await addActivity(page, 1, 'Thursday', { name: 'Walk and give thanks', what: 'Twenty minutes outside, naming gifts.' });
    await page.getByRole('button', { name: 'Add week' }).click();
    await page.getByLabel('Week title').fill('Songs of ascent');
    await addActivity(page, 2, 'Tuesday', { name: 'Read Psalm 121', what: 'Pray it on the way to work.', scripture: 'Hezekiah 3:1' });
    await page.getByRole('button', { name: 'Save draft' }).click();
    const problems = page.getByRole('alert').filter({ hasText: 'The draft was not saved' });
    await problems.getByText(/^Week 2, Tuesday, “Read Psalm 121”: /).waitFor();
    await screenshot(page, 'curriculum-editor-problem');
    await page.getByRole('button', { name: /^Read Psalm 121/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit activity' });
    await edit.getByLabel('Scripture').fill('psalm 121');
    await edit.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await problems.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Save draft' }).and(page.locator('[disabled]')).waitFor();

    // Week 2 goes first, by keyboard: Space picks it up, the arrow moves it, Space puts it down.
    await page.getByRole('button', { name: 'Move week 2, Songs of ascent' }).focus();
    // Each step waits for what a screen reader hears (dnd-kit measures the list between steps).
    const heard = (text: string) => page.locator('[id^="DndLiveRegion"]').getByText(text).waitFor({ state: 'attached' });
    await pickUp(page);
    // Picked up: it is over its own place, which dnd-kit announces straight after.
    await heard('Week “Songs of ascent” moved to position 2 of 2.');
    await page.keyboard.press('ArrowUp');
    await heard('Week “Songs of ascent” moved to position 1 of 2.');
    await page.keyboard.press('Space');
    await heard('Week “Songs of ascent” dropped at position 1 of 2.');
    await page.getByRole('button', { name: 'Move week 1, Songs of ascent' }).waitFor();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('button', { name: 'Save draft' }).and(page.locator('[disabled]')).waitFor();
    const saved = (await admin.session.get<CurriculumDetail>(`/api/curricula/${curriculumId}`)).body;
    expect(saved.draft.weeks.map((w) => w.title)).toEqual(['Songs of ascent', 'The Shepherd']);
    expect(saved.draft.weeks[1].days[1].activities[0]).toMatchObject({
      scripture: 'Psalm 23:1-3',
      reflectionPrompt: 'Where are your still waters?',
    });

    await page.getByRole('button', { name: /^Week 2 The Shepherd/ }).click();

    // Activities change day: by dragging one's handle onto another day with the mouse…
    const day = (name: string) => page.getByRole('region', { name: `${name} of week 2` });
    const activityOn = (dayName: string, activity: string) => day(dayName).getByRole('button', { name: new RegExp(`^${activity}`) });
    await dragOnto(page, page.getByRole('button', { name: 'Drag Walk and give thanks on Thursday' }), day('Saturday'));
    await activityOn('Saturday', 'Walk and give thanks').waitFor();
    expect(await activityOn('Thursday', 'Walk and give thanks').count()).toBe(0);
    // …and by the keyboard at phone width, through the activity's "Move" menu; focus follows the activity.
    await page.setViewportSize(viewports.phone);
    await page.getByRole('button', { name: 'Move Read Psalm 23 to another day' }).focus();
    await page.keyboard.press('Enter');
    const days = page.getByRole('menu');
    // The menu opens on the next frames (its motion): its items are waited for, then read.
    await days.getByRole('menuitem', { name: 'Saturday' }).waitFor();
    expect(await days.getByRole('menuitem').allInnerTexts()).toEqual(['Sunday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
    await days.getByRole('menuitem', { name: 'Wednesday' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText('Read Psalm 23 moved to Wednesday, position 1 of 1.').waitFor({ state: 'attached' });
    await activityOn('Wednesday', 'Read Psalm 23').and(page.locator(':focus')).waitFor();
    await day('Monday').getByText('Free: the member’s own plan').waitFor();
    await screenshot(page, 'curriculum-editor-moved-phone');
    await expectAccessible(page, 'curriculum editor after moving activities', { widths: ['phone'] });
    await page.setViewportSize(viewports.desktop);
    // The handle's keyboard path crosses days too: Space picks the activity up, Left takes it to the day before,
    // Space puts it down.
    await page.getByRole('button', { name: 'Drag Read Psalm 23 on Wednesday' }).focus();
    await pickUp(page);
    await heard('Read Psalm 23 is over Wednesday, position 1 of 1.');
    await page.keyboard.press('ArrowLeft');
    await heard('Read Psalm 23 is over Tuesday, position 1 of 1.');
    await page.keyboard.press('Space');
    await page
      .locator('[id^="DndLiveRegion"]')
      .getByText(/^Read Psalm 23 dropped on Tuesday/)
      .waitFor({ state: 'attached' });
    await activityOn('Tuesday', 'Read Psalm 23').waitFor();
    // …and onto a day that has activities: Walk and give thanks goes from Saturday to Tuesday, beside Read Psalm 23.
    await page.getByRole('button', { name: 'Drag Walk and give thanks on Saturday' }).focus();
    await pickUp(page);
    await heard('Walk and give thanks is over Saturday, position 1 of 1.');
    for (const dayName of ['Friday', 'Thursday', 'Wednesday']) {
      await page.keyboard.press('ArrowLeft');
      await heard(`Walk and give thanks is over ${dayName}, position 1 of 1.`);
    }
    await page.keyboard.press('ArrowLeft');
    await page
      .locator('[id^="DndLiveRegion"]')
      .getByText(/^Walk and give thanks is over Tuesday, position \d of 2\./)
      .waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await page
      .locator('[id^="DndLiveRegion"]')
      .getByText(/^Walk and give thanks dropped on Tuesday/)
      .waitFor({ state: 'attached' });
    await activityOn('Tuesday', 'Walk and give thanks').waitFor();
    await screenshot(page, 'curriculum-editor-moved');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('button', { name: 'Save draft' }).and(page.locator('[disabled]')).waitFor();
    // Saved: after a reload the moved activities are on their new days.
    await page.reload();
    await page.getByRole('button', { name: /^Week 2 The Shepherd/ }).click();
    await activityOn('Tuesday', 'Read Psalm 23').waitFor();
    await activityOn('Tuesday', 'Walk and give thanks').waitFor();
    expect(await day('Monday').getByRole('listitem').count()).toBe(0);
    expect(await day('Saturday').getByRole('listitem').count()).toBe(0);
    expect(await day('Thursday').getByRole('listitem').count()).toBe(0);
    const movedDraft = (await admin.session.get<CurriculumDetail>(`/api/curricula/${curriculumId}`)).body.draft;
    expect(movedDraft.weeks[1].days.map((d) => d.activities.map((a) => a.name))).toEqual([
      [],
      [],
      expect.arrayContaining(['Read Psalm 23', 'Walk and give thanks']),
      [],
      [],
      [],
      [],
    ]);

    await screenshot(page, 'curriculum-editor');
    await expectAccessible(page, 'curriculum editor');
    await page.setViewportSize(viewports.phone);
    await screenshot(page, 'curriculum-editor-phone');
    await page.setViewportSize(viewports.desktop);

    // The preview shows the saved week as a member will see it.
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview: a member’s week' });
    await preview.getByText('Week 2 of 2 · Psalms for Advent').waitFor();
    await preview.getByText('Read Psalm 23:1-3').waitFor();
    await preview.getByText('Reflect: Where are your still waters?').waitFor();
    await screenshot(page, 'curriculum-preview');
    await expectAccessible(page, 'curriculum preview');
    await preview.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Publish' }).click();
    await toast(page, 'Version 1 published').waitFor();

    // Assigned to the group from this week: the member's plan follows week 1.
    await page.getByLabel('Some of its groups').check();
    await page.getByLabel(groupName).check();
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await toast(page, 'Assigned').waitFor();
    await page.getByText(groupName).and(page.locator('.ant-list-item-meta-title span')).waitFor();
    await page.locator('.curriculum-assign').getByText('Running').waitFor();
    const plan: SpiritualPlan = await planFollowingCurriculum(member.session);
    expect(plan.curriculum).toMatchObject({ title: 'Psalms for Advent', week: 1, weekTitle: 'Songs of ascent', groupName });
    const read = plan.planData.dailyActivities[2].activities.find((a) => a.fromCurriculum)!;
    expect(read).toMatchObject({ name: 'Read Psalm 121', scripture: 'Psalm 121' });
    await screenshot(page, 'curriculum-assigned');

    // The member checks it off; the church's curricula page shows the week's progress.
    await member.session.post(`/api/spiritual-plans/current/activities/${read.id}/toggle`, { completed: true });
    // The admin leads the group (they started it), so their own plan follows the curriculum too.
    await progressCounted(admin.session, curriculumId, { members: 2, done: 1 });
    await page.goto(`/churches/${church.id}/curricula`);
    const progress = page.locator('.curriculum-progress');
    await progress.getByText('2 members · 1 of 2 activities done').waitFor();
    await progress.getByText('Week 1: Songs of ascent').waitFor();
    await screenshot(page, 'curricula-list-progress');
    await expectAccessible(page, 'curricula list with progress');
    await page.setViewportSize(viewports.phone);
    await screenshot(page, 'curricula-list-progress-phone');
    await page.setViewportSize(viewports.desktop);

    // A copy to start the next season from.
    await page.getByRole('button', { name: 'Duplicate Psalms for Advent' }).click();
    await page.getByRole('heading', { level: 1, name: /Copy of Psalms for Advent/ }).waitFor();
    expect(page.url()).not.toContain(curriculumId);
    // One author's whole journey through the editor: longer than a spec's usual minute on a shared machine.
  }, 240_000);

  it.each(['desktop', 'phone'] as const)(
    'asks before leaving with unsaved changes, keeps them as the admin’s draft, and brings them back with their weeks on reopening (%s)',
    async (width) => {
      let { page } = session;
      const admin = await seedMember();
      const church = await seedChurch(admin.session, { name: 'St. Brigid' });
      await formationKnowsAdmin(admin.session, church.id);
      const created = (await admin.session.post<CurriculumDetail>('/api/curricula', { churchId: church.id, title: 'Lent together' })).body;
      await page.setViewportSize(viewports[width]);
      await signIn(page, admin);
      await page.goto(`/curricula/${created.id}`);
      await page.getByRole('heading', { level: 1, name: /Lent together/ }).waitFor();

      // Unsaved work: a week with an activity; the header says it is kept as the admin's draft a moment later.
      await page.getByRole('button', { name: 'Add week' }).click();
      await page.getByLabel('Week title').fill('Dust and ashes');
      await addActivity(page, 1, 'Monday', { name: 'Read Psalm 51', what: 'Read it on your knees.', scripture: 'Psalm 51:1-12' });
      const lead = () => page.locator('.curriculum-editor .page-header__lead');
      await lead()
        .getByText(/unsaved changes · Draft saved at \d/)
        .waitFor();

      // Leaving by the navigation asks first and names what would not be saved; Stay keeps every word.
      await page.getByRole('link', { name: 'All curricula' }).click();
      const leave = page.getByRole('dialog').filter({ hasText: 'Leave with unsaved changes?' });
      await leave.waitFor();
      expect(await leave.innerText()).toContain('1 week added, 1 activity added');
      await screenshot(page, `curriculum-leave-prompt-${width}`);
      await expectAccessible(page, `curriculum editor, leave prompt (${width})`, { widths: [width] });
      await leave.getByRole('button', { name: 'Stay' }).click();
      await leave.waitFor({ state: 'hidden' });
      expect(page.url()).toContain(`/curricula/${created.id}`);
      expect(await page.getByLabel('Week title').inputValue()).toBe('Dust and ashes');

      // Closing the tab: the browser asks too (beforeunload), and nothing was saved for the church.
      const asked = new Promise<string>((resolve) =>
        page.once('dialog', (dialog) => void dialog.accept().then(() => resolve(dialog.type()))),
      );
      await page.close({ runBeforeUnload: true });
      expect(await asked).toBe('beforeunload');
      expect((await admin.session.get<CurriculumDetail>(`/api/curricula/${created.id}`)).body.draft.weeks).toHaveLength(0);

      // Reopening brings the week back, with where it came from and a way to drop it.
      page = await session.context.newPage();
      session.page = page;
      await page.setViewportSize(viewports[width]);
      await page.goto(`/curricula/${created.id}`);
      await page
        .getByRole('alert')
        .getByText(/^Your draft from .+ is back$/)
        .waitFor();
      await lead()
        .getByText(/^St\. Brigid · 1 week · unsaved changes · Draft saved at \d/)
        .waitFor();
      await page.getByRole('button', { name: /^Week 1 Dust and ashes · 1 activity/ }).waitFor();
      await page.getByRole('button', { name: /^Read Psalm 51/ }).waitFor();
      await screenshot(page, `curriculum-draft-restored-${width}`);
      await expectAccessible(page, `curriculum editor, draft restored (${width})`, { widths: [width] });

      // Discarding goes back to the saved draft (no weeks), and the kept edits are gone on the server too.
      await page.getByRole('button', { name: 'Discard my draft' }).click();
      await page.getByRole('button', { name: 'Discard', exact: true }).click();
      await lead()
        .getByText(/^St\. Brigid · 0 weeks$/)
        .waitFor();
      expect(await page.getByRole('alert').filter({ hasText: 'is back' }).count()).toBe(0);
      expect((await admin.session.get<CurriculumDetail>(`/api/curricula/${created.id}`)).body.workingCopy).toBeNull();
      // Nothing unsaved: leaving asks nothing.
      await page.getByRole('link', { name: 'All curricula' }).click();
      await page.getByRole('heading', { level: 1, name: 'St. Brigid: curricula' }).waitFor();
    },
  );

  it('saves kept edits as the draft for every admin, and then leaves without asking', async () => {
    const { page } = session;
    const admin = await seedMember();
    const church = await seedChurch(admin.session, { name: 'St. Kevin' });
    await formationKnowsAdmin(admin.session, church.id);
    const created = (await admin.session.post<CurriculumDetail>('/api/curricula', { churchId: church.id, title: 'Easter joy' })).body;
    await signIn(page, admin);
    await page.goto(`/curricula/${created.id}`);
    await page.getByRole('button', { name: 'Add week' }).click();
    await page.getByLabel('Week title').fill('Empty tomb');
    await page
      .locator('.curriculum-editor .page-header__lead')
      .getByText(/Draft saved at/)
      .waitFor();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('button', { name: 'Save draft' }).and(page.locator('[disabled]')).waitFor();
    const saved = (await admin.session.get<CurriculumDetail>(`/api/curricula/${created.id}`)).body;
    expect(saved.draft.weeks.map((w) => w.title)).toEqual(['Empty tomb']);
    expect(saved.workingCopy).toBeNull();
    await page.getByRole('link', { name: 'All curricula' }).click();
    await page.getByRole('heading', { level: 1, name: 'St. Kevin: curricula' }).waitFor();
    await page.getByText(/^1 week · changed/).waitFor();
  });

  it('shows a member who opens a curriculum that it is for the church’s admins', async () => {
    const { page } = session;
    const [admin, member] = await Promise.all([seedMember(), seedMember()]);
    const church = await seedChurch(admin.session, { name: 'St. Aidan' });
    await joinChurch(member.session, await joinCodeOf(admin.session, church.id));
    await formationKnowsAdmin(admin.session, church.id);
    const created = (await admin.session.post<CurriculumDetail>('/api/curricula', { churchId: church.id, title: 'Lent together' })).body;
    await signIn(page, member);

    await page.goto(`/curricula/${created.id}`);
    await page.getByText('Curricula are for the church’s admins').waitFor();
    await page.goto(`/churches/${church.id}/curricula`);
    await page.getByText('Curricula are for the church’s admins').waitFor();
    await expectAccessible(page, 'curricula refused to a member');
  });
});
