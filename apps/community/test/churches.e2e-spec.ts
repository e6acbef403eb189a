import {
  churchMessages,
  type ChurchDetail,
  type ChurchJoinRequest,
  type ChurchMember,
  type ChurchPortal,
  type ChurchSummary,
  type GroupPage,
  type GroupSummary,
  type MyChurches,
  type ProblemDetails,
  type Resource,
  slugMessages,
} from '@abide/contracts';
import { apiUrl, call, eventually, settled, submission, txt, upload, UserSession } from '@abide/testing';
import { randomUUID } from 'node:crypto';

/** An address no other run uses. */
const slug = (label = 'grace') => `${label}-${randomUUID().slice(0, 8)}`;
const put = <T>(session: UserSession, path: string, body: unknown) => call<T>('PUT', path, { token: session.token, body, clientIp: session.clientIp });

const createChurch = async (admin: UserSession, overrides: Record<string, unknown> = {}) => {
  const res = await admin.post<ChurchSummary>('/api/churches', {
    name: 'Grace Fellowship',
    slug: slug(),
    primaryColor: '#1e3a8a',
    welcome: 'All are welcome on Sunday at ten.',
    timeZone: 'Europe/London',
    ...overrides,
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};
const codeOf = async (admin: UserSession, churchId: string) => (await admin.get<ChurchDetail>(`/api/churches/${churchId}`)).body.joinCode!;
const joinWithCode = async (member: UserSession, code: string) => {
  const res = await member.post<ChurchSummary>('/api/churches/join', { code });
  if (res.status !== 200) throw new Error(`join failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

/** PUT /api/logos/{churchId} with one file part, as the settings page sends it. */
const putLogo = async (session: UserSession, churchId: string, data: Buffer, type: string, name: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  const res = await fetch(`${apiUrl()}/api/logos/${churchId}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${session.token}`, 'x-forwarded-for': session.clientIp },
    body: form,
  });
  return { status: res.status, body: (await res.json().catch(() => undefined)) as { logoUrl: string } & ProblemDetails };
};
/** The smallest PNG: one transparent pixel. */
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('creating a church', () => {
  it('makes the creator its first admin, and shows its page to anyone, signed out too', async () => {
    const admin = await UserSession.signUp({ name: 'Priscilla' });
    const address = slug('corinth');

    const created = await admin.post<ChurchSummary>('/api/churches', {
      name: '  Corinth Community Church ',
      slug: address,
      primaryColor: '#1E3A8A',
      welcome: 'Sunday 10:00, Market Street',
      timeZone: 'Europe/Athens',
    });

    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/api/churches/${created.body.id}`);
    expect(created.body).toMatchObject({ name: 'Corinth Community Church', slug: address, primaryColor: '#1e3a8a', myRole: 'admin', memberCount: 1, logoUrl: null });
    const portal = await call<ChurchPortal>('GET', `/api/churches/by-slug/${address}`);
    expect(portal.status).toBe(200);
    expect(portal.body).toMatchObject({ id: created.body.id, name: 'Corinth Community Church', welcome: 'Sunday 10:00, Market Street', timeZone: 'Europe/Athens', groups: [] });
    expect(portal.body).not.toHaveProperty('joinCode');
    expect((await admin.get<MyChurches>('/api/churches')).body.items.map((c) => c.id)).toEqual([created.body.id]);
    expect((await call('GET', '/api/churches/by-slug/no-such-church-here')).status).toBe(404);
  });

  it('refuses a taken, reserved or malformed address and a colour without enough contrast, saying why', async () => {
    const [first, second] = await Promise.all([UserSession.signUp(), UserSession.signUp()]);
    const taken = (await createChurch(first)).slug;

    const dup = await second.post<ProblemDetails>('/api/churches', { name: 'Copy', slug: taken, primaryColor: '#1e3a8a', timeZone: 'UTC' });
    expect(dup.status).toBe(409);
    expect(dup.body.detail).toBe(slugMessages.taken);
    const reserved = await second.post<ProblemDetails>('/api/churches', { name: 'X', slug: 'admin', primaryColor: '#1e3a8a', timeZone: 'UTC' });
    expect(reserved.status).toBe(400);
    expect(reserved.body.errors).toEqual([{ field: 'slug', message: slugMessages.reserved }]);
    const malformed = await second.post<ProblemDetails>('/api/churches', { name: 'X', slug: '-bad-', primaryColor: '#1e3a8a', timeZone: 'UTC' });
    expect(malformed.body.errors).toEqual([{ field: 'slug', message: slugMessages.pattern }]);
    const pale = await second.post<ProblemDetails>('/api/churches', { name: 'X', slug: slug(), primaryColor: '#fde68a', timeZone: 'UTC' });
    expect(pale.status).toBe(400);
    expect(pale.body.errors?.[0].field).toBe('primaryColor');
    expect(pale.body.errors?.[0].message).toMatch(/too light for text.*4\.5:1/);
    const zone = await second.post<ProblemDetails>('/api/churches', { name: 'X', slug: slug(), primaryColor: '#1e3a8a', timeZone: 'Mars/Olympus' });
    expect(zone.body.errors).toEqual([{ field: 'timeZone', message: churchMessages.timeZone }]);
    expect((await second.get<MyChurches>('/api/churches')).body.items).toEqual([]);
  });

  it('moves the address on rename: the old one answers 404 and is free for another church', async () => {
    const [admin, other] = await Promise.all([UserSession.signUp(), UserSession.signUp()]);
    const church = await createChurch(admin);
    const next = slug('renamed');

    const renamed = await admin.patch<ChurchDetail>(`/api/churches/${church.id}`, { slug: next, welcome: 'New words' });

    expect(renamed.body).toMatchObject({ slug: next, welcome: 'New words' });
    expect((await call('GET', `/api/churches/by-slug/${church.slug}`)).status).toBe(404);
    expect((await call<ChurchPortal>('GET', `/api/churches/by-slug/${next}`)).body.id).toBe(church.id);
    expect((await other.post('/api/churches', { name: 'Second', slug: church.slug, primaryColor: '#1e3a8a', timeZone: 'UTC' })).status).toBe(201);
  });
});

describe('joining a church', () => {
  it('joins by code (however it is typed); a new code revokes the old one; only admins see the code', async () => {
    const [admin, anna, ben] = await Promise.all([UserSession.signUp(), UserSession.signUp(), UserSession.signUp()]);
    const church = await createChurch(admin);
    const code = await codeOf(admin, church.id);
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    const joined = await joinWithCode(anna, ` ${code.toLowerCase().replace('-', ' ')} `);
    expect(joined).toMatchObject({ id: church.id, myRole: 'member', memberCount: 2 });
    expect((await anna.get<ChurchDetail>(`/api/churches/${church.id}`)).body).toMatchObject({ joinCode: null, myRole: 'member' });
    const again = await anna.post<ProblemDetails>('/api/churches/join', { code });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(churchMessages.alreadyMember);

    const renewed = await admin.post<ChurchDetail>(`/api/churches/${church.id}/join-code`);
    expect(renewed.body.joinCode).not.toBe(code);
    const old = await ben.post<ProblemDetails>('/api/churches/join', { code });
    expect(old.status).toBe(404);
    expect(old.body.detail).toBe(churchMessages.codeUnknown);
    await joinWithCode(ben, renewed.body.joinCode!);
    const bad = await ben.post<ProblemDetails>('/api/churches/join', { code: 'not a code' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'code', message: churchMessages.codeInvalid }]);
  });

  it('takes requests that admins approve or decline; members may belong to several churches and leave', async () => {
    const [admin, other, ruth, sam] = await Promise.all([
      UserSession.signUp(),
      UserSession.signUp(),
      UserSession.signUp({ name: 'Ruth' }),
      UserSession.signUp(),
    ]);
    const [church, second] = await Promise.all([createChurch(admin), createChurch(other)]);

    expect((await ruth.post(`/api/churches/${church.id}/requests`)).body).toEqual({ status: 'requested' });
    await sam.post(`/api/churches/${church.id}/requests`);
    expect((await ruth.post<ProblemDetails>(`/api/churches/${church.id}/requests`)).body.detail).toBe(churchMessages.alreadyRequested);
    expect((await sam.delete(`/api/churches/${church.id}/requests/mine`)).status).toBe(204);
    expect((await ruth.get<MyChurches>('/api/churches')).body.requests).toEqual([{ churchId: church.id, requestedAt: expect.any(String) }]);

    const pending = await admin.get<ChurchJoinRequest[]>(`/api/churches/${church.id}/requests`);
    expect(pending.body).toEqual([expect.objectContaining({ userId: ruth.user.id, name: 'Ruth' })]);
    const approved = await admin.post<ChurchJoinRequest[]>(`/api/churches/${church.id}/requests/${pending.body[0].id}/approve`);
    expect(approved.body).toEqual([]);
    await joinWithCode(ruth, await codeOf(other, second.id));

    const mine = await ruth.get<MyChurches>('/api/churches');
    expect(mine.body.items.map((c) => [c.id, c.myRole])).toEqual([
      [church.id, 'member'],
      [second.id, 'member'],
    ]);
    expect(mine.body.requests).toEqual([]);
    expect((await ruth.post(`/api/churches/${church.id}/leave`)).status).toBe(204);
    expect((await ruth.get<MyChurches>('/api/churches')).body.items.map((c) => c.id)).toEqual([second.id]);
  });
});

/** Who may call which church route, as each caller: church-roles.e2e-spec.ts (the cross-church matrix). */
describe('church admins', () => {
  let adminA: UserSession, memberA: UserSession;
  let churchA: ChurchSummary;
  beforeAll(async () => {
    [adminA, memberA] = await Promise.all([UserSession.signUp(), UserSession.signUp()]);
    churchA = await createChurch(adminA);
    await joinWithCode(memberA, await codeOf(adminA, churchA.id));
  });

  it('keeps an admin: the only admin cannot leave or step down, and may once another admin exists', async () => {
    const leave = await adminA.post<ProblemDetails>(`/api/churches/${churchA.id}/leave`);
    expect(leave.status).toBe(409);
    expect(leave.body.detail).toBe(churchMessages.lastAdminLeaves);
    expect((await put<ProblemDetails>(adminA, `/api/churches/${churchA.id}/members/${adminA.user.id}/role`, { role: 'member' })).body.detail).toBe(
      churchMessages.lastAdminDemoted,
    );
    const promoted = await put<ChurchMember>(adminA, `/api/churches/${churchA.id}/members/${memberA.user.id}/role`, { role: 'admin' });
    expect(promoted.body).toMatchObject({ userId: memberA.user.id, role: 'admin' });
    expect((await memberA.get(`/api/churches/${churchA.id}/members`)).status).toBe(200);
    expect((await adminA.delete<ProblemDetails>(`/api/churches/${churchA.id}/members/${adminA.user.id}`)).body.detail).toBe(churchMessages.removeSelf);
    expect((await memberA.delete(`/api/churches/${churchA.id}/members/${adminA.user.id}`)).status).toBe(204);
    expect((await adminA.get(`/api/churches/${churchA.id}`)).status).toBe(403);
  });
});

describe('groups in a church', () => {
  it('lets a church admin start a group in it; the page lists its public groups; Discover filters to my churches', async () => {
    const [admin, member, stranger] = await Promise.all([UserSession.signUp(), UserSession.signUp(), UserSession.signUp()]);
    const church = await createChurch(admin);
    await joinWithCode(member, await codeOf(admin, church.id));

    const refused = await member.post<ProblemDetails>('/api/groups', { name: 'Not mine to start', churchId: church.id });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(churchMessages.adminsOnly);
    const group = await admin.post<GroupSummary>('/api/groups', { name: `Alpha course ${church.slug}`, churchId: church.id });
    expect(group.status).toBe(201);
    expect(group.body.churchId).toBe(church.id);

    const portal = await call<ChurchPortal>('GET', `/api/churches/by-slug/${church.slug}`);
    expect(portal.body.groups).toEqual([expect.objectContaining({ id: group.body.id, memberCount: 1 })]);
    const mine = await member.get<GroupPage>('/api/groups/discover?church=mine');
    expect(mine.body.items.map((g) => g.id)).toEqual([group.body.id]);
    expect(mine.body.total).toBe(1);
    expect((await stranger.get<GroupPage>('/api/groups/discover?church=mine')).body).toMatchObject({ items: [], total: 0 });
    expect((await member.get<ProblemDetails>('/api/groups/discover?church=ours')).status).toBe(400);
  });

  it('attaches a group later only when its owner administers the church; its owner or the church’s admin detaches it', async () => {
    const [admin, owner] = await Promise.all([UserSession.signUp(), UserSession.signUp()]);
    const church = await createChurch(admin);
    const group = (await owner.post<GroupSummary>('/api/groups', { name: 'Independent group' })).body;

    expect((await put(owner, `/api/groups/${group.id}/church`, { churchId: church.id })).status).toBe(403);
    expect((await put(admin, `/api/groups/${group.id}/church`, { churchId: church.id })).status).toBe(403);
    await joinWithCode(owner, await codeOf(admin, church.id));
    await put(admin, `/api/churches/${church.id}/members/${owner.user.id}/role`, { role: 'admin' });
    const attached = await put<GroupSummary>(owner, `/api/groups/${group.id}/church`, { churchId: church.id });
    expect(attached.body.churchId).toBe(church.id);

    const detached = await admin.delete<GroupSummary>(`/api/groups/${group.id}/church`);
    expect(detached.status).toBe(200);
    expect(detached.body.churchId).toBeNull();
    expect((await call<ChurchPortal>('GET', `/api/churches/by-slug/${church.slug}`)).body.groups).toEqual([]);
  });
});

describe('the church library scope', () => {
  it('shows a church resource to that church’s members only, published without review, and hides it once a member leaves', async () => {
    const [admin, member, outsider] = await Promise.all([UserSession.signUp(), UserSession.signUp(), UserSession.signUp()]);
    const church = await createChurch(admin, { name: 'Ephesus Church' });
    await joinWithCode(member, await codeOf(admin, church.id));
    const title = `Church notes ${randomUUID().slice(0, 8)}`;

    // The library learns the uploader's membership from community's events: the first try may come before it.
    const uploaded = await eventually(async () => {
      const res = await upload(admin, txt('Notes for the whole church.'), submission({ title, visibility: 'church', churchId: church.id }));
      return res.status === 201 ? res.body : undefined;
    });
    expect(uploaded).toMatchObject({ visibility: 'church', churchId: church.id, churchName: 'Ephesus Church' });
    await settled(admin, uploaded.id, 'approved');

    const seen = (s: UserSession) => s.get<{ items: Resource[] }>(`/api/uploads?q=${encodeURIComponent(title)}`).then((r) => r.body.items.map((i) => i.id));
    await eventually(async () => ((await seen(member)).includes(uploaded.id) ? true : undefined));
    expect(await seen(outsider)).toEqual([]);
    expect((await outsider.get(`/api/uploads/${uploaded.id}`)).status).toBe(404);

    const notMine = await upload(outsider, txt('x'), submission({ visibility: 'church', churchId: church.id }));
    expect(notMine.status).toBe(400);
    expect(notMine.body.errors).toEqual([{ field: 'churchId', message: 'You can only share a resource with a church you belong to' }]);

    await member.post(`/api/churches/${church.id}/leave`);
    await eventually(async () => ((await member.get(`/api/uploads/${uploaded.id}`)).status === 404 ? true : undefined));
  });
});

describe('church logos', () => {
  it('lets admins set a PNG logo served publicly by a stable URL; refuses members, unsafe SVGs and other files', async () => {
    const [admin, member] = await Promise.all([UserSession.signUp(), UserSession.signUp()]);
    const church = await createChurch(admin);
    await joinWithCode(member, await codeOf(admin, church.id));

    const set = await eventually(async () => {
      const res = await putLogo(admin, church.id, onePixelPng, 'image/png', 'logo.png');
      return res.status === 200 ? res.body : undefined;
    });
    expect(set.logoUrl).toMatch(new RegExp(`^/api/logos/${church.id}/[0-9a-f-]+$`));
    const image = await fetch(`${apiUrl()}${set.logoUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer()).equals(onePixelPng)).toBe(true);
    await eventually(async () => ((await call<ChurchPortal>('GET', `/api/churches/by-slug/${church.slug}`)).body.logoUrl === set.logoUrl ? true : undefined));

    expect((await putLogo(member, church.id, onePixelPng, 'image/png', 'logo.png')).status).toBe(403);
    const script = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const unsafe = await putLogo(admin, church.id, script, 'image/svg+xml', 'logo.svg');
    expect(unsafe.status).toBe(400);
    expect(unsafe.body.detail).toBe(churchMessages.logoSvgUnsafe);
    expect((await putLogo(admin, church.id, Buffer.from('%PDF-1.4'), 'image/png', 'logo.png')).body.detail).toBe(churchMessages.logoType);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4" fill="#1e3a8a"/></svg>');
    const replaced = await putLogo(admin, church.id, svg, 'image/svg+xml', 'logo.svg');
    expect(replaced.status).toBe(200);
    expect((await fetch(`${apiUrl()}${set.logoUrl}`)).status).toBe(404);
    const served = await fetch(`${apiUrl()}${replaced.body.logoUrl}`);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    // Sanitised already; and opened on its own it can do nothing: the library's sandboxing policy and its resource policy
    // reach the browser in place of the gateway's defaults (which would let it run the gateway's scripts).
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(served.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('x-frame-options')).toBe('DENY');
    expect(await served.text()).toContain('fill="#1e3a8a"');
  });
});

describe('account deletion and export', () => {
  it('exports church memberships, and on deletion hands an only admin’s church to the longest-standing member', async () => {
    const [admin, first, second] = await Promise.all([UserSession.signUp(), UserSession.signUp(), UserSession.signUp()]);
    const church = await createChurch(admin, { name: 'Philippi Church' });
    await joinWithCode(first, await codeOf(admin, church.id));
    await joinWithCode(second, await codeOf(admin, church.id));

    const exported = await admin.get<{ community: { churchMemberships: unknown[] } }>('/api/account/export');
    expect(exported.body.community.churchMemberships).toEqual([
      { churchId: church.id, name: 'Philippi Church', slug: church.slug, role: 'admin', joinedAt: expect.any(String) },
    ]);

    expect((await admin.post('/api/account/delete', { password: admin.password })).status).toBe(204);
    const heir = await eventually(async () => {
      const mine = (await first.get<MyChurches>('/api/churches')).body.items[0];
      // The succession and the departure are one command: wait until both reached the read models.
      return mine?.myRole === 'admin' && mine.memberCount === 2 ? mine : undefined;
    });
    expect(heir).toMatchObject({ id: church.id, memberCount: 2 });
    expect((await second.get<ChurchSummary>(`/api/churches/${church.id}`)).body).toMatchObject({ myRole: 'member' });
  });
});
