// The demo church's member import (docs/member-imports.md): a list the admin uploaded, processed by the real job,
// so Import members shows a finished import with every outcome and a report to download.
import { expectOk, request, waitFor } from './api.mjs';
import { enrolTwoFactor, verifySecondFactor } from './two-factor.mjs';

/** Fictional people (example addresses, US 555-01xx numbers with their country code) beside the demo's own accounts. */
const demoList = (friend, moderator, groupName) =>
  [
    'name,email,phone,group',
    `Grace Okafor,${friend.email},,`,
    `Ruth Moderator,${moderator.email},,`,
    `Samuel Adeyemi,samuel.adeyemi@abide.local,+1 (201) 555-0143,${groupName}`,
    'Hannah Price,hannah.price@abide.local,+1 (201) 555-0156,',
    'Eli Turner,eli.turner@abide.local,,',
    'Miriam Shaw,miriam.shaw@abide.local,,Choir',
    'Tom Fielding,tom.fielding@,,',
    'Hannah P.,Hannah.Price@abide.local,,',
  ].join('\n') + '\n';

/**
 * Importing needs a session that passed two-factor sign-in (docs/member-imports.md): the demo admin turns it on for the
 * import, signs in with a code, and turns it off again with a recovery code, so the demo still signs in with its
 * password alone. `credentials` are the admin's e-mail and password.
 */
const asTwoFactorAdmin = async (apiUrl, admin, credentials, run) => {
  const { secret, recoveryCodes } = await enrolTwoFactor((path, body) => request(apiUrl, 'POST', path, { body, token: admin.accessToken }), credentials.password);
  const challenge = expectOk(await request(apiUrl, 'POST', '/api/auth/sign-in', { body: credentials }), 'sign the demo admin in').challenge;
  const session = expectOk(await verifySecondFactor((path, body) => request(apiUrl, 'POST', path, { body }), challenge, secret), 'sign the demo admin in with a code');
  try {
    return await run(session.accessToken);
  } finally {
    const off = await request(apiUrl, 'POST', '/api/auth/two-factor/disable', { token: session.accessToken, body: { password: credentials.password, code: recoveryCodes[0] } });
    if (off.status !== 204) throw new Error(`could not turn the demo admin's two-factor sign-in off: ${off.status} ${JSON.stringify(off.body)}`);
  }
};

/** Uploads the demo list once (a church that has an import keeps it) and waits until the job has finished it. */
export const seedMemberImport = async (apiUrl, admin, credentials, church, { friend, moderator, groupName }) => {
  const token = admin.accessToken;
  const list = expectOk(await request(apiUrl, 'GET', `/api/member-imports?churchId=${church.id}`, { token }), 'list the member imports');
  if (list.items.length > 0) return list.items[0];
  const form = new FormData();
  form.append('file', new Blob([demoList(friend, moderator, groupName)], { type: 'text/csv' }), 'st-marks-members.csv');
  const started = await asTwoFactorAdmin(apiUrl, admin, credentials, async (aal2Token) =>
    expectOk(await request(apiUrl, 'POST', `/api/member-imports?churchId=${church.id}`, { token: aal2Token, form }), 'import the demo members'),
  );
  return waitFor(async () => {
    const current = expectOk(await request(apiUrl, 'GET', `/api/member-imports/${started.id}`, { token }), 'read the demo import');
    return current.status === 'done' || current.status === 'failed' ? current : undefined;
  }, 'the demo member import to finish', 60_000);
};
