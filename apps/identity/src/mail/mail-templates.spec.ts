import { confirmationMail, mailSubjects, signUpAttemptMail } from './mail-templates';

describe('confirmationMail', () => {
  it('returns the subject and the link in both the text and the HTML', () => {
    const link = 'http://127.0.0.1:5173/auth/callback?code=abc&type=signup';

    const sut = confirmationMail('Ruth', link, 24);

    expect(sut.subject).toBe(mailSubjects.confirmation);
    expect(sut.text).toContain(link);
    expect(sut.html).toContain(link.replace(/&/g, '&amp;'));
  });

  it('escapes the name in the HTML version', () => {
    expect(confirmationMail('<b>Eve</b>', 'http://x/', 24).html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
  });
});

describe('signUpAttemptMail', () => {
  it('returns the sign-in and reset addresses', () => {
    const sut = signUpAttemptMail('Ruth', 'http://web/login', 'http://web/login?recover=1');

    expect(sut.subject).toBe(mailSubjects.signUpAttempt);
    expect(sut.text).toContain('http://web/login');
    expect(sut.text).toContain('http://web/login?recover=1');
  });
});
