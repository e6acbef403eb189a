import { smsKeywordOf } from './sms-keywords';

describe(smsKeywordOf.name, () => {
  it.each(['STOP', 'stop', ' Stop. ', 'STOPALL', 'unsubscribe', 'Cancel', 'END', 'quit!', 'OPTOUT', 'revoke'])(
    'returns stop for %p',
    (body) => {
      expect(smsKeywordOf(body)).toBe('stop');
    },
  );

  it.each(['START', 'unstop', 'Yes'])('returns start for %p', (body) => {
    expect(smsKeywordOf(body)).toBe('start');
  });

  it.each(['HELP', 'info?'])('returns help for %p', (body) => {
    expect(smsKeywordOf(body)).toBe('help');
  });

  it.each(['please stop', 'stop it', 'Thanks!', '', 'STOP STOP', 'st op'])(
    'returns null for %p (a keyword is the whole message)',
    (body) => {
      expect(smsKeywordOf(body)).toBeNull();
    },
  );
});
