/**
 * What a member's reply asks for. The words are the ones carriers and Twilio treat as opt-out, opt-in and help
 * keywords: the whole message, in any case, with surrounding spaces and punctuation ignored ("Stop." is STOP,
 * "please stop" is not).
 */
export type SmsKeyword = 'stop' | 'start' | 'help';

const keywords: Record<string, SmsKeyword> = {
  STOP: 'stop',
  STOPALL: 'stop',
  UNSUBSCRIBE: 'stop',
  CANCEL: 'stop',
  END: 'stop',
  QUIT: 'stop',
  OPTOUT: 'stop',
  REVOKE: 'stop',
  START: 'start',
  UNSTOP: 'start',
  YES: 'start',
  HELP: 'help',
  INFO: 'help',
};

export const smsKeywordOf = (body: string): SmsKeyword | null => {
  const word = body
    .trim()
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '')
    .toUpperCase();
  return keywords[word] ?? null;
};
