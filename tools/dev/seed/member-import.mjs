// The demo church's member import (docs/member-imports.md): a list the admin uploaded, processed by the real job,
// so Import members shows a finished import with every outcome and a report to download.
import { expectOk, request, waitFor } from './api.mjs';

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

/** Uploads the demo list once (a church that has an import keeps it) and waits until the job has finished it. */
export const seedMemberImport = async (apiUrl, admin, church, { friend, moderator, groupName }) => {
  const token = admin.accessToken;
  const list = expectOk(await request(apiUrl, 'GET', `/api/member-imports?churchId=${church.id}`, { token }), 'list the member imports');
  if (list.items.length > 0) return list.items[0];
  const form = new FormData();
  form.append('file', new Blob([demoList(friend, moderator, groupName)], { type: 'text/csv' }), 'st-marks-members.csv');
  const started = expectOk(await request(apiUrl, 'POST', `/api/member-imports?churchId=${church.id}`, { token, form }), 'import the demo members');
  return waitFor(async () => {
    const current = expectOk(await request(apiUrl, 'GET', `/api/member-imports/${started.id}`, { token }), 'read the demo import');
    return current.status === 'done' || current.status === 'failed' ? current : undefined;
  }, 'the demo member import to finish', 60_000);
};
