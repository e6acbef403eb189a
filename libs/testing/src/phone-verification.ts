import { stackSmsAccountSid, textsTo } from './sms-inbox';
import type { UserSession } from './user-session';

/** The verification text identity sends (apps/identity/src/sms/phone-verification.ts). */
const CODE_IN_TEXT = /^Abide: your code is (\d{6})\./;

/** The code of the latest verification text to `number` (E.164), as the member reads it on their phone. */
export const codeTextedTo = async (number: string, accountSid = stackSmsAccountSid()): Promise<string> => {
  const codes = (await textsTo(accountSid, number)).map((t) => CODE_IN_TEXT.exec(t.body)?.[1]).filter((c): c is string => !!c);
  const code = codes.at(-1);
  if (!code) throw new Error(`no verification code was texted to ${number}`);
  return code;
};

/** Proves `phoneNumber` is the member's as they would: asks for a code, reads it in the SMS inbox, types it back. */
export const verifyPhoneNumber = async (member: UserSession, phoneNumber: string, timeZone?: string): Promise<string> => {
  const sent = await member.post<{ phoneNumber: string }>('/api/settings/phone/verification', { phoneNumber, timeZone });
  if (sent.status !== 201) throw new Error(`sending a code failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  const code = await codeTextedTo(sent.body.phoneNumber);
  const confirmed = await member.post('/api/settings/phone/verification/confirm', { phoneNumber, timeZone, code });
  if (confirmed.status !== 200) throw new Error(`confirming the code failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return sent.body.phoneNumber;
};
