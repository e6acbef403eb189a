import { newMember } from './fixtures/new-member';
import { screenshot, useBrowser, viewports } from './support/browser';
import { PlanPage } from './pages/PlanPage';
import { SignUpPage } from './pages/SignUpPage';
import { registerMember } from './seed/members';

/**
 * The walking skeleton through the real stack: browser → vite preview → gateway → identity →
 * Kafka → formation → gateway → browser. Nothing here is mocked.
 */
describe('walking skeleton', () => {
  const session = useBrowser(viewports.desktop);

  it('shows the formation profile of a member who just signed up', async () => {
    const member = newMember();
    const signUp = await new SignUpPage(session.page).open();

    await signUp.signUp(member);

    await signUp.toast('Welcome to Abide!').waitFor();
    const plan = new PlanPage(session.page);
    await plan.waitUntilShown();
    await plan.greeting(member.name).waitFor();
    const card = await plan.waitForProfile();
    const cardText = await card.innerText();
    expect(cardText).toContain(member.name);
    expect(cardText).toContain('Member since');
    await screenshot(session.page, 'walking-skeleton-plan');
  });

  it('keeps the session across a reload and ends it on Log out', async () => {
    const member = newMember();
    await (await new SignUpPage(session.page).open()).signUp(member);
    const plan = new PlanPage(session.page);
    await plan.waitForProfile();

    await session.page.reload();
    await plan.greeting(member.name).waitFor();

    await plan.logOutButton.click();
    await session.page.waitForURL('**/login');
    await session.page.goto('/plan');
    await session.page.waitForURL('**/login');
  });

  it('refuses a second account with the same email', async () => {
    const member = newMember();
    await registerMember(member);
    const signUp = await new SignUpPage(session.page).open();

    await signUp.signUp({ ...newMember(), email: member.email });

    await signUp.toast('Registration failed').waitFor();
    expect(session.page.url()).toMatch(/\/login$/);
    await screenshot(session.page, 'sign-up-email-taken');
  });

  it('shows the field errors for an empty submit without calling the API', async () => {
    const signUpCalls: string[] = [];
    session.page.on('request', (request) => {
      if (request.url().includes('/api/auth/sign-up')) signUpCalls.push(request.url());
    });
    const signUp = await new SignUpPage(session.page).open();

    await signUp.submit();

    await signUp.fieldError('Please enter your name').waitFor();
    await signUp.fieldError('Please enter your email').waitFor();
    await signUp.fieldError('Please enter a password').waitFor();
    expect(signUpCalls).toEqual([]);
    expect(session.page.url()).toMatch(/\/login$/);
    await screenshot(session.page, 'sign-up-empty-submit');
  });

  it('says Page Not Found for an unknown path', async () => {
    await session.page.goto('/no-such-page');

    await session.page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await session.page.getByRole('link', { name: 'Back to Home' }).click();
    await session.page.getByRole('heading', { level: 1, name: 'Abide' }).waitFor();
    await screenshot(session.page, 'home');
  });
});
