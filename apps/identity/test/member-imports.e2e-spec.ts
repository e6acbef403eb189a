import {
  type ChurchGroupList,
  type ChurchMember,
  type ChurchPortal,
  type ChurchSummary,
  type GroupSummary,
  IMPORT_MAX_BYTES,
  importRowMessages,
  type ImportRowsPage,
  type InvitationSession,
  type InvitationView,
  invitationMessages,
  type JoinRequest,
  memberImportDailyLimits,
  memberImportLimitMessages,
  type MemberImport,
  type MemberImportList,
  memberImportMessages,
  memberImportSchema,
  type MyChurches,
  notificationListSchema,
  type ProblemDetails,
} from '@abide/contracts';
import {
  apiUrl,
  call,
  eventually,
  exitedServices,
  mailsTo,
  newPhoneNumber,
  replyBySms,
  stackSmsAccountSid,
  strayFailures,
  textsTo,
  verifyPhoneNumber,
  uniqueEmail,
  UserSession,
  waitForMail,
  withServiceDb,
  withTestRedis,
} from '@abide/testing';
import { randomUUID } from 'node:crypto';
import { MiB, servicePeakMemoryDuring, xlsxBombs } from '@abide/testing/fixtures/bomb-files';

const slug = () => `import-${randomUUID().slice(0, 8)}`;

const createChurch = async (admin: UserSession): Promise<ChurchSummary> => {
  const res = await admin.post<ChurchSummary>('/api/churches', {
    name: 'Antioch Fellowship',
    slug: slug(),
    primaryColor: '#1e3a8a',
    welcome: 'Welcome',
    timeZone: 'America/New_York',
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

/** POST /api/member-imports?churchId= with one file part, as the settings page sends it. */
const upload = async (session: UserSession, churchId: string, content: string | Buffer, name = 'members.csv', type = 'text/csv') => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(Buffer.from(content))], { type }), name);
  const res = await fetch(`${apiUrl()}/api/member-imports?churchId=${encodeURIComponent(churchId)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'x-forwarded-for': session.clientIp },
    body: form,
  });
  return { status: res.status, headers: res.headers, body: (await res.json().catch(() => undefined)) as MemberImport & { detail?: string; code?: string } };
};

const finished = (admin: UserSession, importId: string) =>
  eventually(
    async () => {
      const res = await admin.get<MemberImport>(`/api/member-imports/${importId}`);
      // The answer is what the contract says (the web app checks it with the same schema).
      return res.status === 200 && res.body.status !== 'queued' && res.body.status !== 'running' ? memberImportSchema.parse(res.body) : undefined;
    },
    { timeoutMs: 60_000 },
  );

const rowsOf = async (admin: UserSession, importId: string) =>
  (await admin.get<ImportRowsPage>(`/api/member-imports/${importId}/rows?pageSize=200`)).body.items;

/** The link token the invitation e-mail carries (`…/invitation#{token}`). */
const tokenOfMail = async (email: string, atLeast = 1): Promise<string> => {
  const mail = await waitForMail(email, { subject: 'Antioch Fellowship invites you to Abide', atLeast, timeoutMs: 30_000 });
  const match = /\/invitation#([A-Za-z0-9._-]+)/.exec(mail.text ?? '');
  if (!match) throw new Error('no invitation link in the mail');
  return match[1];
};

/** A church admin as imports need them: a confirmed address and a session that passed two-factor sign-in. */
const importingAdmin = async (name: string): Promise<UserSession> => {
  const admin = await UserSession.signUp({ name });
  await admin.enableTwoFactor();
  return admin;
};

const setUp = async () => {
  const admin = await importingAdmin('Barnabas');
  const church = await createChurch(admin);
  const group = (await admin.post<GroupSummary>('/api/groups', { name: `Youth ${church.slug}`, churchId: church.id })).body;
  await eventually(async () => {
    const portal = await call<ChurchPortal>('GET', `/api/churches/by-slug/${church.slug}`);
    return portal.body.groups.some((g) => g.id === group.id) ? true : undefined;
  });
  return { admin, church, group };
};

describe('who may import members', () => {
  it('is a church admin only: a member, an outsider and another church’s admin are refused and learn nothing of its imports', async () => {
    const { admin, church } = await setUp();
    const member = await UserSession.signUp({ name: 'Silas' });
    const code = (await admin.get<{ joinCode: string }>(`/api/churches/${church.id}`)).body.joinCode;
    expect((await member.post('/api/churches/join', { code })).status).toBe(200);
    const outsider = await UserSession.signUp({ name: 'Demas' });
    const otherAdmin = await UserSession.signUp({ name: 'Diotrephes' });
    await createChurch(otherAdmin);
    const csv = `name,email\nTitus,${uniqueEmail('titus')}\n`;

    const started = await upload(admin, church.id, csv);
    expect(started.status).toBe(202);
    for (const who of [member, outsider, otherAdmin]) {
      const refused = await upload(who, church.id, csv);
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toBe(memberImportMessages.adminsOnly);
      expect((await who.get(`/api/member-imports?churchId=${church.id}`)).status).toBe(403);
      expect((await who.get(`/api/member-imports/${started.body.id}`)).status).toBe(404);
      expect((await who.get(`/api/member-imports/${started.body.id}/rows`)).status).toBe(404);
      expect((await who.post(`/api/member-imports/${started.body.id}/undo`)).status).toBe(404);
    }
    expect((await call('GET', `/api/member-imports/${started.body.id}`)).status).toBe(401);
    await finished(admin, started.body.id);
    expect((await admin.get<MemberImportList>(`/api/member-imports?churchId=${church.id}`)).body.items.map((i) => i.id)).toEqual([started.body.id]);
  });

  it('refuses a file it cannot use with the reason, and starts nothing', async () => {
    const { admin, church } = await setUp();

    const noColumns = await upload(admin, church.id, 'full name,mail\nRuth,ruth@example.org\n');
    const pdf = await upload(admin, church.id, Buffer.from('%PDF-1.7\n\u0000binary'), 'list.pdf', 'application/pdf');

    expect(noColumns.status).toBe(400);
    expect(noColumns.body.detail).toBe(memberImportMessages.missingColumns(['name', 'email'], ['full name', 'mail']));
    expect(pdf.status).toBe(415);
    expect((await admin.get<MemberImportList>(`/api/member-imports?churchId=${church.id}`)).body.items).toEqual([]);
  });
});

describe('a member list that is a zip bomb', () => {
  it('is refused with the reason while identity’s memory stays flat, and the next list is imported', async () => {
    const { admin, church } = await setUp();
    const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

    for (const [name, bomb] of Object.entries(xlsxBombs())) {
      const { peak, result } = await servicePeakMemoryDuring('identity', () => upload(admin, church.id, bomb, 'members.xlsx', xlsxType));

      expect([name, result.status, result.body.detail]).toEqual([name, 400, memberImportMessages.unpacksTooLarge]);
      // Each bomb inflates to 300 MiB (on main, one took identity from 0.2 to 0.5 GB).
      expect(peak).toBeLessThan(64 * MiB);
    }
    expect((await upload(admin, church.id, `name,email\nTitus,${uniqueEmail('titus')}\n`)).status).toBe(202);
    expect((await admin.get<MemberImportList>(`/api/member-imports?churchId=${church.id}`)).body.items).toHaveLength(1);
  });
});

describe('a member list over the size limit', () => {
  /**
   * As a slow network delivers it: the list in large pieces, the last bytes (the end of the file part and of the body)
   * one by one a moment apart. The end of the file part then comes in an earlier turn than the end of the body, which
   * is what once left a rejection unhandled and stopped identity for everyone (issue #24).
   */
  const uploadSlowly = async (session: UserSession, churchId: string, bytes: number) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(Buffer.alloc(bytes, 'a'))], { type: 'text/csv' }), 'members.csv');
    const encoded = new Request('http://localhost/', { method: 'POST', body: form });
    const body = new Uint8Array(await encoded.arrayBuffer());
    const tail = body.length - 200;
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (let at = 0; at < tail; at += 256 * 1024) controller.enqueue(body.subarray(at, Math.min(tail, at + 256 * 1024)));
        for (let at = tail; at < body.length; at += 20) {
          await new Promise((resolve) => setTimeout(resolve, 10));
          controller.enqueue(body.subarray(at, at + 20));
        }
        controller.close();
      },
    });
    const res = await fetch(`${apiUrl()}/api/member-imports?churchId=${encodeURIComponent(churchId)}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${session.token}`,
        'x-forwarded-for': session.clientIp,
        'content-type': encoded.headers.get('content-type') ?? '',
      },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    return { status: res.status, body: (await res.json().catch(() => undefined)) as ProblemDetails };
  };

  it('is refused with the reason, and identity keeps serving: its admin signs in again at once', async () => {
    const { admin, church } = await setUp();

    const refused = await uploadSlowly(admin, church.id, IMPORT_MAX_BYTES + 1);

    expect({ status: refused.status, detail: refused.body?.detail }).toEqual({ status: 413, detail: memberImportMessages.fileTooLarge });
    const again = await UserSession.signIn(admin.email, admin.password, admin.clientIp, admin.authenticator);
    expect((await again.get(`/api/member-imports?churchId=${church.id}`)).status).toBe(200);
    expect({ exited: exitedServices(), strayFailures: strayFailures() }).toEqual({ exited: [], strayFailures: [] });
  });
});

describe('importing a member list', () => {
  it('invites new people by e-mail (a text only to a proved number), tells account holders, reports every row, and joins the church on acceptance', async () => {
    const { admin, church, group } = await setUp();
    const holder = await UserSession.signUp({ name: 'Priscilla' });
    const lydia = uniqueEmail('lydia');
    const phone = newPhoneNumber();
    const aquila = uniqueEmail('aquila');
    const csv = [
      'Name,E-mail,Phone,Group',
      `Lydia of Thyatira,${lydia.toUpperCase()},${phone.national},youth ${church.slug}`,
      `Priscilla,${holder.email},,`,
      `Barnabas,${admin.email},,`,
      `Lydia again,${lydia},,`,
      'Nobody,not-an-address,,',
      `Aquila,${aquila},12,`,
      `Apollos,${uniqueEmail('apollos')},,Choir`,
    ].join('\n');

    const started = await upload(admin, church.id, csv, 'Antioch list.csv');
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ fileName: 'Antioch list.csv', total: 7, status: 'queued' });
    const done = await finished(admin, started.body.id);

    expect(done).toMatchObject({ status: 'done', processed: 7, total: 7, canUndo: true });
    // A new person and an account holder are both "invited": the report never tells who has an account.
    expect(done.counts).toEqual({ invited: 2, alreadyMember: 1, alreadyInvited: 0, refused: 4 });
    const rows = await rowsOf(admin, started.body.id);
    expect(rows.map((r) => [r.row, r.outcome])).toEqual([
      [2, 'invited'],
      [3, 'invited'],
      [4, 'already-member'],
      [5, 'refused'],
      [6, 'refused'],
      [7, 'refused'],
      [8, 'refused'],
    ]);
    expect(rows[0]).toMatchObject({ email: lydia, phone: phone.e164, group: group.name, invitation: { state: 'pending', sends: 1 } });
    expect(rows[3].reason).toBe(importRowMessages.duplicate(2));
    expect(rows[4].reason).toBe(importRowMessages.emailInvalid('not-an-address'));
    expect(rows[5].reason).toMatch(/^Phone “12”: /);
    expect(rows[6].reason).toBe(importRowMessages.groupUnknown('Choir'));

    // The report as a file.
    const csvReport = await fetch(`${apiUrl()}/api/member-imports/${started.body.id}/report.csv`, {
      headers: { authorization: `Bearer ${admin.token}`, 'x-forwarded-for': admin.clientIp },
    });
    expect(csvReport.headers.get('content-disposition')).toContain('Antioch_list-report.csv');
    const raw = Buffer.from(await csvReport.arrayBuffer());
    // A byte-order mark first, so Excel opens the UTF-8 file with its accents intact.
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const report = raw.subarray(3).toString('utf8');
    expect(report.split('\r\n')[0]).toBe('row,name,email,phone,group,outcome,reason,invitation');
    expect(report).toContain(`2,Lydia of Thyatira,${lydia},${phone.e164},${group.name},Invited,,pending`);
    expect(report).toContain(`3,Priscilla,${holder.email},,,Invited,,pending`);

    // Lydia: an e-mail and a text with the link; the account holder: a join notice.
    const token = await tokenOfMail(lydia);
    await waitForMail(holder.email, { subject: 'Antioch Fellowship invites you to join them on Abide', timeoutMs: 30_000 });
    // …and the same notice in their bell, naming the admin, opening the invitation.
    const joinNotices = async () =>
      notificationListSchema.parse((await holder.get('/api/notifications')).body).items.filter((n) => n.title === 'You were invited to Antioch Fellowship');
    const [bellNotice] = await eventually(async () => ((await joinNotices()).length ? joinNotices() : undefined), { timeoutMs: 30_000 });
    expect(bellNotice).toMatchObject({
      body: 'Barnabas added you to Antioch Fellowship on Abide. Accept to join them; nothing changes until you do.',
      link: `/invitations/${rows[1].invitation!.id}`,
      readAt: null,
    });

    // Re-importing the same file changes nothing: the invited are "already invited", nobody is mailed again.
    const mailsBefore = (await mailsTo(lydia)).length + (await mailsTo(holder.email)).length;
    const again = await finished(admin, (await upload(admin, church.id, csv)).body.id);
    expect(again.counts).toEqual({ invited: 0, alreadyMember: 1, alreadyInvited: 2, refused: 4 });
    expect((await rowsOf(admin, again.id)).slice(0, 2).map((r) => [r.outcome, r.invitation])).toEqual([
      ['already-invited', null],
      ['already-invited', null],
    ]);
    // The number a church typed was never proved by its owner, so it is not texted (only a proved number is).
    expect(await textsTo(stackSmsAccountSid(), phone.e164)).toEqual([]);
    expect((await mailsTo(lydia)).length + (await mailsTo(holder.email)).length).toBe(mailsBefore);
    expect(await joinNotices()).toEqual([bellNotice]);

    // Opening the link shows the invitation; accepting makes the account, signs in, and joins church and group.
    const opened = await call<InvitationView>('POST', '/api/invitations/open', { body: { token } });
    expect(opened.body).toMatchObject({ church: { id: church.id, name: 'Antioch Fellowship' }, groupName: group.name, email: lydia, hasAccount: false });
    const weak = await call<ProblemDetails>('POST', '/api/invitations/accept', { body: { token, name: 'Lydia', password: 'password' } });
    expect(weak.status).toBe(422);
    const accepted = await call<InvitationSession>('POST', '/api/invitations/accept', {
      body: { token, name: 'Lydia', password: `purple cloth ${randomUUID().slice(0, 6)}` },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.church.id).toBe(church.id);
    const lydiaSession = accepted.body.accessToken;
    await eventually(async () => {
      const mine = await call<MyChurches>('GET', '/api/churches', { token: lydiaSession });
      return mine.body.items.some((c) => c.id === church.id) ? true : undefined;
    });
    await eventually(async () => {
      const members = await admin.get<ChurchMember[]>(`/api/churches/${church.id}/members`);
      return members.body.some((m) => m.name === 'Lydia') ? true : undefined;
    });
    const groupView = await eventually(async () => {
      const res = await call<GroupSummary>('GET', `/api/groups/${group.id}`, { token: lydiaSession });
      return res.body.memberCount === 2 ? res.body : undefined;
    });
    expect(groupView.memberCount).toBe(2);
    expect((await call<ProblemDetails>('POST', '/api/invitations/accept', { body: { token, name: 'Lydia', password: 'another long pass 1' } })).body.detail).toBe(
      invitationMessages.used,
    );

    // The account holder accepts signed in; another member may not accept it for them.
    const holderInvitation = rows[1].invitation!.id;
    expect((await admin.post<ProblemDetails>(`/api/invitations/${holderInvitation}/accept`)).status).toBe(403);
    expect((await holder.get<InvitationView>(`/api/invitations/${holderInvitation}`)).body).toMatchObject({ hasAccount: true, church: { id: church.id } });
    expect((await holder.post(`/api/invitations/${holderInvitation}/accept`)).status).toBe(200);
    // Someone else learns nothing of its state: not yours comes before used.
    expect((await admin.get(`/api/invitations/${holderInvitation}`)).status).toBe(403);
    expect((await holder.get<ProblemDetails>(`/api/invitations/${holderInvitation}`)).status).toBe(409);
    await eventually(async () => ((await holder.get<MyChurches>('/api/churches')).body.items.some((c) => c.id === church.id) ? true : undefined));

    // Once they accepted, the same file finds them members.
    const afterAccepting = await finished(admin, (await upload(admin, church.id, csv)).body.id);
    expect(afterAccepting.counts).toEqual({ invited: 0, alreadyMember: 3, alreadyInvited: 0, refused: 4 });

    // Undo is refused once an invitation of the import was accepted.
    const undo = await admin.post<ProblemDetails>(`/api/member-imports/${started.body.id}/undo`);
    expect(undo.status).toBe(409);
    expect(undo.body.detail).toBe(memberImportMessages.undoUsed(2));
  });

  it('undoes an unused import (its links stop working), resends with a new link, refuses an expired link, and never texts a number that said STOP', async () => {
    const { admin, church } = await setUp();
    const mark = uniqueEmail('mark');
    const john = uniqueEmail('john');
    const stopped = newPhoneNumber();
    expect((await replyBySms(stackSmsAccountSid(), stopped.e164, 'STOP')).webhook?.status).toBe(200);
    const first = await finished(admin, (await upload(admin, church.id, `name,email,phone\nJohn Mark,${mark},${stopped.national}\n`)).body.id);
    const second = await finished(admin, (await upload(admin, church.id, `name,email\nJohn,${john}\n`)).body.id);

    // Resend: a second mail with a new link; the old one is no longer valid.
    const oldToken = await tokenOfMail(mark);
    expect((await rowsOf(admin, first.id))[0].phone).toBe(stopped.e164);
    expect(await textsTo(stackSmsAccountSid(), stopped.e164)).toEqual([]);
    const resent = await admin.post<{ resent: number }>(`/api/member-imports/${first.id}/resend`, {});
    expect(resent.body).toEqual({ resent: 1 });
    const newToken = await tokenOfMail(mark, 2);
    expect(newToken).not.toBe(oldToken);
    expect((await call<ProblemDetails>('POST', '/api/invitations/open', { body: { token: oldToken } })).body.detail).toBe(invitationMessages.unknown);
    expect((await rowsOf(admin, first.id))[0].invitation).toMatchObject({ state: 'pending', sends: 2 });

    // Expired: the link is refused with the way forward, and the report says so.
    await withServiceDb('identity', (db) =>
      db.collection('invitations').updateOne({ email: mark }, { $set: { expiresAt: new Date(Date.now() - 1000) } }),
    );
    const expired = await call<ProblemDetails>('POST', '/api/invitations/open', { body: { token: newToken } });
    expect([expired.status, expired.body.detail]).toEqual([409, invitationMessages.expired]);
    expect((await rowsOf(admin, first.id))[0].invitation?.state).toBe('expired');

    // Undo: the invitation is withdrawn; a second undo is refused.
    const johnToken = await tokenOfMail(john);
    const undone = await admin.post<MemberImport>(`/api/member-imports/${second.id}/undo`);
    expect(undone.body).toMatchObject({ status: 'undone', canUndo: false });
    const withdrawn = await call<ProblemDetails>('POST', '/api/invitations/accept', { body: { token: johnToken, name: 'John', password: 'beloved disciple 77' } });
    expect([withdrawn.status, withdrawn.body.detail]).toEqual([409, invitationMessages.withdrawn]);
    expect((await admin.post<ProblemDetails>(`/api/member-imports/${second.id}/undo`)).body.detail).toBe(memberImportMessages.alreadyUndone);
    expect((await rowsOf(admin, second.id))[0].invitation?.state).toBe('withdrawn');

    // Importing an undone import's people again invites them afresh.
    const redo = await finished(admin, (await upload(admin, church.id, `name,email\nJohn,${john}\n`)).body.id);
    expect(redo.counts).toMatchObject({ invited: 1, alreadyInvited: 0 });
  });
});

/** A member of the church whom its admin made an admin too (a member owns one group at most, so each group needs its own admin). */
const anotherAdmin = async (admin: UserSession, churchId: string, name: string): Promise<UserSession> => {
  const session = await UserSession.signUp({ name });
  const code = (await admin.get<{ joinCode: string }>(`/api/churches/${churchId}`)).body.joinCode;
  expect((await session.post('/api/churches/join', { code })).status).toBe(200);
  expect((await admin.put(`/api/churches/${churchId}/members/${session.user.id}/role`, { role: 'admin' })).status).toBe(200);
  return session;
};

describe('the group a row names', () => {
  it('is one of the church’s own groups, private ones included; another church’s group is not, and a name two groups share is refused', async () => {
    const { admin, church, group } = await setUp();
    const silas = await anotherAdmin(admin, church.id, 'Silas');
    const elders = (await silas.post<GroupSummary>('/api/groups', { name: `Elders ${church.slug}`, churchId: church.id, isPublic: false })).body;
    const timothy = await anotherAdmin(admin, church.id, 'Timothy');
    const twin = (await timothy.post<GroupSummary>('/api/groups', { name: `YOUTH ${church.slug}`, churchId: church.id, isPublic: false })).body;
    const otherAdmin = await UserSession.signUp({ name: 'Diotrephes' });
    const otherChurch = await createChurch(otherAdmin);
    const elsewhere = await otherAdmin.post<GroupSummary>('/api/groups', { name: `Choir ${church.slug}`, churchId: otherChurch.id, isPublic: true });
    expect(elsewhere.status).toBe(201);

    // The church's groups, for its admins only: what the import matches rows against.
    const listed = await eventually(async () => {
      const res = await admin.get<ChurchGroupList>(`/api/churches/${church.id}/groups`);
      return res.body.items?.length === 3 ? res.body.items : undefined;
    });
    expect(listed.map((g) => [g.id, g.isPublic]).sort()).toEqual(
      [
        [elders.id, false],
        [group.id, true],
        [twin.id, false],
      ].sort(),
    );
    const member = await UserSession.signUp({ name: 'Rhoda' });
    const code = (await admin.get<{ joinCode: string }>(`/api/churches/${church.id}`)).body.joinCode;
    expect((await member.post('/api/churches/join', { code })).status).toBe(200);
    for (const who of [member, otherAdmin]) expect((await who.get(`/api/churches/${church.id}/groups`)).status).toBe(403);
    expect((await call('GET', `/api/churches/${church.id}/groups`)).status).toBe(401);

    const hannah = uniqueEmail('hannah');
    const csv = [
      'name,email,group',
      `Hannah,${hannah},  elders ${church.slug.toUpperCase()} `,
      `Eli,${uniqueEmail('eli')},Youth ${church.slug}`,
      `Anna,${uniqueEmail('anna')},Choir ${church.slug}`,
    ].join('\n');
    const done = await finished(admin, (await upload(admin, church.id, csv)).body.id);

    expect(done.counts).toMatchObject({ invited: 1, refused: 2 });
    expect((await rowsOf(admin, done.id)).map((r) => [r.row, r.outcome, r.group, r.reason])).toEqual([
      [2, 'invited', elders.name, null],
      [3, 'refused', `Youth ${church.slug}`, importRowMessages.groupAmbiguous(`Youth ${church.slug}`, 2)],
      [4, 'refused', `Choir ${church.slug}`, importRowMessages.groupUnknown(`Choir ${church.slug}`)],
    ]);

    // Accepting does not put her in the private group the row named: its leaders get her join request to decide.
    const accepted = await call<InvitationSession>('POST', '/api/invitations/accept', {
      body: { token: await tokenOfMail(hannah), name: 'Hannah', password: `a quiet prayer ${randomUUID().slice(0, 6)}` },
    });
    expect(accepted.status).toBe(200);
    const [request] = await eventually(async () => {
      const res = await silas.get<JoinRequest[]>(`/api/groups/${elders.id}/requests`);
      return res.body.length ? res.body : undefined;
    });
    expect(request).toMatchObject({ userId: accepted.body.user.id });
    expect((await silas.get<GroupSummary>(`/api/groups/${elders.id}`)).body.memberCount).toBe(1);
    expect((await silas.post(`/api/groups/${elders.id}/requests/${request.id}/approve`)).status).toBe(200);
    await eventually(async () => ((await silas.get<GroupSummary>(`/api/groups/${elders.id}`)).body.memberCount === 2 ? true : undefined));
  });

  it('is checked again at acceptance: a group that left the church meanwhile is not joined', async () => {
    const { admin, church, group } = await setUp();
    const silas = await anotherAdmin(admin, church.id, 'Silas');
    const choir = (await silas.post<GroupSummary>('/api/groups', { name: `Choir ${church.slug}`, churchId: church.id })).body;
    await eventually(async () => ((await admin.get<ChurchGroupList>(`/api/churches/${church.id}/groups`)).body.items?.length === 2 ? true : undefined));
    const eli = uniqueEmail('eli');
    const anna = uniqueEmail('anna');
    await finished(admin, (await upload(admin, church.id, `name,email,group\nEli,${eli},${group.name}\nAnna,${anna},${choir.name}\n`)).body.id);
    expect((await admin.delete(`/api/groups/${group.id}/church`)).status).toBe(200);

    const accept = async (email: string, name: string) =>
      (await call<InvitationSession>('POST', '/api/invitations/accept', { body: { token: await tokenOfMail(email), name, password: `at the temple ${randomUUID().slice(0, 6)}` } })).status;
    expect(await accept(eli, 'Eli')).toBe(200);
    expect(await accept(anna, 'Anna')).toBe(200);

    // One import's acceptances reach community in order: once Anna is in the choir, Eli's acceptance was decided too.
    await eventually(async () => ((await silas.get<GroupSummary>(`/api/groups/${choir.id}`)).body.memberCount === 2 ? true : undefined));
    expect((await admin.get<GroupSummary>(`/api/groups/${group.id}`)).body.memberCount).toBe(1);
    expect((await admin.get<ChurchMember[]>(`/api/churches/${church.id}/members`)).body.map((m) => m.name)).toEqual(expect.arrayContaining(['Eli', 'Anna']));
  });
});

describe('an invitation proves the address it names', () => {
  it('sends its link only by e-mail: a number the admin typed gets a notice without it, and only the mailed secret accepts', async () => {
    // Mallory runs a church of her own and imports a stranger's address with her own phone number.
    const { admin: mallory, church } = await setUp();
    const stranger = uniqueEmail('stranger');
    const malloryPhone = newPhoneNumber();
    // Only a number its owner proved is texted at all: Mallory proves hers.
    await verifyPhoneNumber(mallory, malloryPhone.e164);
    const imported = await finished(mallory, (await upload(mallory, church.id, `name,email,phone\nStranger,${stranger},${malloryPhone.e164}\n`)).body.id);

    const texts = await eventually(async () => {
      const sent = (await textsTo(stackSmsAccountSid(), malloryPhone.e164)).filter((t) => !t.body.startsWith('Abide: your code is'));
      return sent.length ? sent : undefined;
    });
    // The text only says to look in the e-mail: the link is the e-mail's alone.
    expect(texts[0].body).toBe('Abide: Antioch Fellowship has invited you to join them. Your invitation link is in your e-mail; open it from there. Reply STOP to opt out.');
    const token = await tokenOfMail(stranger);
    const [invitationId, secret] = token.split('.');
    expect(texts[0].body).not.toContain('/invitation');
    expect(texts[0].body).not.toContain(invitationId);
    expect(texts[0].body).not.toContain(secret);
    // The invitation's id alone (all the report tells Mallory) opens nothing.
    const guessed = await call<ProblemDetails>('POST', '/api/invitations/accept', { body: { token: `${invitationId}.${'x'.repeat(43)}`, name: 'Me', password: 'taken over 1234' } });
    expect([guessed.status, guessed.body.detail]).toEqual([404, invitationMessages.unknown]);

    // The secret is nowhere but in the e-mail: the delivery job's data holds ids, the invitation a hash.
    const jobData = await withTestRedis(async (redis, prefix) => redis.hget(`${prefix}:bull:identity-invitation-delivery:${imported.id}-c0-b0`, 'data'));
    expect(jobData).toContain(invitationId);
    expect(jobData).not.toContain(secret);
    const kept = await withServiceDb('identity', (db) => db.collection('invitations').findOne({ email: stranger }));
    expect(JSON.stringify(kept)).not.toContain(secret);

    const accepted = await call<InvitationSession>('POST', '/api/invitations/accept', { body: { token, name: 'Stranger', password: `my own words ${randomUUID().slice(0, 6)}` } });
    expect(accepted.status).toBe(200);
  });
});

describe('daily limits of imports', () => {
  it('needs two-factor sign-in to import', async () => {
    const admin = await UserSession.signUp({ name: 'Phygelus' });
    const church = await createChurch(admin);

    const refused = await upload(admin, church.id, `name,email\nHermogenes,${uniqueEmail('hermogenes')}\n`);

    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(memberImportLimitMessages.twoFactorRequired);
    expect((await admin.get<MemberImportList>(`/api/member-imports?churchId=${church.id}`)).body.items).toEqual([]);
  });

  it('lets exactly the day’s imports through when more race for them, answering the rest 429 with Retry-After; the admin’s own limit spans their churches', async () => {
    const { admin, church } = await setUp();
    const second = await createChurch(admin);
    // Rows that are refused invite nobody: only the imports count.
    const file = 'name,email\nNobody,not-an-address\n';
    const extra = 3;

    const answers = await Promise.all(Array.from({ length: memberImportDailyLimits.imports + extra }, () => upload(admin, church.id, file)));

    expect(answers.filter((a) => a.status === 202)).toHaveLength(memberImportDailyLimits.imports);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(extra);
    expect(refused[0].body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused[0].body.detail).toMatch(/^This church can start at most 10 imports a day, and has started them all today\. Try again in \d+ hours?/);
    expect((await admin.get<MemberImportList>(`/api/member-imports?churchId=${church.id}`)).body.items).toHaveLength(memberImportDailyLimits.imports);
    // Another church of the same admin: the admin's own allowance is spent too.
    const elsewhere = await upload(admin, second.id, file);
    expect(elsewhere.status).toBe(429);
    expect(elsewhere.body.detail).toMatch(/^You can start at most 10 imports a day, across all your churches/);
    expect(elsewhere.headers.get('content-type')).toContain('application/problem+json');
    expect(Number(elsewhere.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(elsewhere.headers.get('retry-after'))).toBeLessThanOrEqual(24 * 3600);
  });

  it('lets exactly the day’s resends through when more race for them', async () => {
    const { admin, church } = await setUp();
    const onesimus = uniqueEmail('onesimus');
    const done = await finished(admin, (await upload(admin, church.id, `name,email\nOnesimus,${onesimus}\n`)).body.id);
    const extra = 3;

    const answers = await Promise.all(
      Array.from({ length: memberImportDailyLimits.resends + extra }, () => admin.post<{ resent: number } & ProblemDetails>(`/api/member-imports/${done.id}/resend`, {})),
    );

    expect(answers.filter((a) => a.status === 200)).toHaveLength(memberImportDailyLimits.resends);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(extra);
    expect(answers.find((a) => a.status === 429)!.body.detail).toMatch(/^This church can send invitations again at most 10 times a day/);
    // The first invitation and one per resend that passed: no more.
    await waitForMail(onesimus, { subject: 'Antioch Fellowship invites you to Abide', atLeast: 1 + memberImportDailyLimits.resends, timeoutMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await mailsTo(onesimus)).toHaveLength(1 + memberImportDailyLimits.resends);
  });
});

describe('the personal data of an imported person', () => {
  it('is in their data export, and deleting their account leaves the church’s report with the row’s outcome only', async () => {
    const { admin, church } = await setUp();
    const tabitha = uniqueEmail('tabitha');
    const phone = newPhoneNumber();
    const imported = await finished(admin, (await upload(admin, church.id, `name,email,phone\nTabitha,${tabitha},${phone.e164}\n`)).body.id);
    const password = `full of good works ${randomUUID().slice(0, 6)}`;
    const accepted = await call<InvitationSession>('POST', '/api/invitations/accept', {
      body: { token: await tokenOfMail(tabitha), name: 'Dorcas', password },
    });
    const tabithaSession = await UserSession.signIn(tabitha, password);
    expect(accepted.status).toBe(200);

    const exported = await tabithaSession.get<{ identity: { importedBy: Array<{ churchId: string; row: { name: string; phone: string } }> } }>(
      '/api/account/export',
    );
    expect(exported.body.identity.importedBy).toEqual([
      expect.objectContaining({ churchId: church.id, churchName: 'Antioch Fellowship', row: expect.objectContaining({ name: 'Tabitha', phone: phone.e164 }) }),
    ]);

    expect((await tabithaSession.post('/api/account/delete', { password })).status).toBe(204);

    const [row] = await rowsOf(admin, imported.id);
    expect(row).toMatchObject({ row: 2, name: 'Deleted account', email: '', phone: null, outcome: 'invited', invitation: null });
    const report = await fetch(`${apiUrl()}/api/member-imports/${imported.id}/report.csv`, {
      headers: { authorization: `Bearer ${admin.token}`, 'x-forwarded-for': admin.clientIp },
    });
    expect(await report.text()).not.toContain(tabitha);
  });
});
