import type {
  ChurchDetail,
  ChurchJoinRequest,
  ChurchMember,
  ChurchPortal,
  ChurchSummary,
  CurriculumAssignment,
  CurriculumDetail,
  GroupSummary,
  ImportRowsPage,
  MemberImport,
  ProblemDetails,
} from '@abide/contracts';
import { apiUrl, eventually, settled, submission, txt, uniqueEmail, upload, UserSession } from '@abide/testing';
import { randomUUID } from 'node:crypto';

/**
 * Every church route, as each kind of caller (docs/churches.md "Roles"): church A's admin, a plain member of A, the
 * admin of another church B, a member of no church, and no token at all. Each row says the exact status each gets,
 * so a route that forgets a role check fails here; the last test compares the rows with the API document, so a new
 * church route without a row fails too.
 *
 * The rule the statuses follow: a church's existence is public, so a signed-in caller without the role gets 403 on
 * the church's routes (an unknown church is 404); a thing private to the church's admins that is named by its own id
 * (an import) answers 404 to everyone else, as if it did not exist. Callers are tried wrong-first and the entitled
 * one last, so each wrong caller meets a state in which the call would succeed.
 */

type Caller = 'none' | 'outsider' | 'otherAdmin' | 'member' | 'admin' | 'invitee';
type Expected = Partial<Record<Caller, number>> & Record<'none' | 'outsider' | 'otherAdmin' | 'member' | 'admin', number>;
const order: Caller[] = ['none', 'outsider', 'otherAdmin', 'member', 'admin', 'invitee'];

const adminsOnly = (ok: number): Expected => ({ none: 401, outsider: 403, otherAdmin: 403, member: 403, admin: ok });
const membersOnly = (ok: number): Expected => ({ none: 401, outsider: 403, otherAdmin: 403, member: ok, admin: ok });
/** An import: its admins' only; to anyone else it does not exist. */
const importAdminsOnly = (ok: number): Expected => ({ none: 401, outsider: 404, otherAdmin: 404, member: 404, admin: ok });
const signedIn = (ok: number): Expected => ({ none: 401, outsider: ok, otherAdmin: ok, member: ok, admin: ok });
const anyone = (ok: number): Expected => ({ none: ok, outsider: ok, otherAdmin: ok, member: ok, admin: ok });

interface Context {
  sessions: Record<Exclude<Caller, 'none'>, UserSession>;
  churchA: ChurchSummary;
  /** Has asked to join church A (beforeAll); approved, then removed, by the rows. */
  asker: UserSession;
  askerRequestId: string;
  /** A group of A's admin, outside any church: attached and detached by the rows. */
  groupId: string;
  curriculum: CurriculumDetail;
  copyId?: string;
  assignmentId?: string;
  importId?: string;
  invitationId: string;
  resourceId: string;
  outsiderRequestId?: string;
}

type Body = unknown | FormData;
interface Row {
  /** `METHOD /api/path/{param}` as the API document names it. */
  route: string;
  /** What the call is about, when the route has more than one row or the case needs saying. */
  what?: string;
  url: (ctx: Context) => string;
  /** The body each caller sends (made once per caller, at the row's turn). */
  body?: (ctx: Context, caller: Caller) => Body | Promise<Body>;
  expected: Expected;
  /** Waits for what the row needs (an import finished); runs before any caller. */
  before?: (ctx: Context) => Promise<unknown>;
  /** Reads what later rows need from the entitled caller's answer. */
  after?: (ctx: Context, answers: Partial<Record<Caller, { status: number; body: unknown }>>) => Promise<void> | void;
}

const slug = (label = 'matrix') => `${label}-${randomUUID().slice(0, 8)}`;
const churchBody = () => ({ name: 'Thessalonica Church', slug: slug(), primaryColor: '#1e3a8a', timeZone: 'Europe/London' });
/** A well-formed join code that no church has (the alphabet has no 0, 1, I, L or O). */
const unknownCode = 'ZZZZ-ZZZ9';
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const fileForm = (data: Buffer | string, type: string, name: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(Buffer.from(data))], { type }), name);
  return form;
};

/** One call through the gateway: JSON or multipart; the body read as JSON when it is JSON. */
const send = async (method: string, url: string, session: UserSession | undefined, body?: Body) => {
  const headers: Record<string, string> = { 'x-forwarded-for': session?.clientIp ?? '10.99.99.99' };
  if (session) headers.authorization = `Bearer ${session.token}`;
  if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
  const res = await fetch(`${apiUrl()}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, type, body: (type.includes('json') && text ? JSON.parse(text) : text) as unknown };
};

const put = (session: UserSession, path: string, body: unknown) => send('PUT', path, session, body);
const draftOf = async (ctx: Context) => (await ctx.sessions.admin.get<CurriculumDetail>(`/api/curricula/${ctx.curriculum.id}`)).body;
const oneWeek = [
  {
    title: 'Beginnings',
    summary: 'Start',
    days: Array.from({ length: 7 }, (_, i) => ({
      activities: i === 1 ? [{ name: 'Read Mark 1', description: 'Read it', durationMinutes: 10 }] : [],
    })),
  },
];
const importFinished = (ctx: Context, importId: string) =>
  eventually(
    async () => {
      const res = await ctx.sessions.admin.get<MemberImport>(`/api/member-imports/${importId}`);
      return res.status === 200 && res.body.status !== 'queued' && res.body.status !== 'running' ? res.body : undefined;
    },
    { timeoutMs: 60_000 },
  );

const rows: Row[] = [
  // Community: churches.
  { route: 'GET /api/churches', what: 'my churches', url: () => '/api/churches', expected: signedIn(200) },
  {
    route: 'GET /api/churches/by-slug/{slug}',
    what: 'the public page',
    url: (c) => `/api/churches/by-slug/${c.churchA.slug}`,
    expected: anyone(200),
  },
  {
    route: 'POST /api/churches/join',
    what: 'a code no church has',
    url: () => '/api/churches/join',
    body: () => ({ code: unknownCode }),
    expected: signedIn(404),
  },
  { route: 'GET /api/churches/{id}', url: (c) => `/api/churches/${c.churchA.id}`, expected: membersOnly(200) },
  {
    route: 'PATCH /api/churches/{id}',
    url: (c) => `/api/churches/${c.churchA.id}`,
    body: () => ({ welcome: `Changed ${randomUUID()}` }),
    expected: adminsOnly(200),
  },
  { route: 'POST /api/churches/{id}/join-code', url: (c) => `/api/churches/${c.churchA.id}/join-code`, expected: adminsOnly(200) },
  {
    route: 'POST /api/churches/{id}/requests',
    what: 'ask to join (members already belong)',
    url: (c) => `/api/churches/${c.churchA.id}/requests`,
    expected: { none: 401, outsider: 200, otherAdmin: 200, member: 409, admin: 409 },
  },
  {
    route: 'GET /api/churches/{id}/requests',
    url: (c) => `/api/churches/${c.churchA.id}/requests`,
    expected: adminsOnly(200),
    after: (c, answers) => {
      const pending = answers.admin!.body as ChurchJoinRequest[];
      c.outsiderRequestId = pending.find((r) => r.userId === c.sessions.outsider.user.id)!.id;
    },
  },
  {
    route: 'POST /api/churches/{id}/requests/{requestId}/approve',
    url: (c) => `/api/churches/${c.churchA.id}/requests/${c.askerRequestId}/approve`,
    expected: adminsOnly(200),
  },
  {
    route: 'POST /api/churches/{id}/requests/{requestId}/decline',
    url: (c) => `/api/churches/${c.churchA.id}/requests/${c.outsiderRequestId}/decline`,
    expected: adminsOnly(200),
  },
  {
    route: 'DELETE /api/churches/{id}/requests/mine',
    what: 'withdraw (only another church’s admin still waits)',
    url: (c) => `/api/churches/${c.churchA.id}/requests/mine`,
    expected: { none: 401, outsider: 404, otherAdmin: 204, member: 404, admin: 404 },
  },
  { route: 'GET /api/churches/{id}/members', url: (c) => `/api/churches/${c.churchA.id}/members`, expected: adminsOnly(200) },
  { route: 'GET /api/churches/{id}/groups', url: (c) => `/api/churches/${c.churchA.id}/groups`, expected: adminsOnly(200) },
  {
    route: 'PUT /api/churches/{id}/members/{userId}/role',
    url: (c) => `/api/churches/${c.churchA.id}/members/${c.sessions.member.user.id}/role`,
    body: () => ({ role: 'member' }),
    expected: adminsOnly(200),
  },
  {
    route: 'DELETE /api/churches/{id}/members/{userId}',
    what: 'remove the approved asker',
    url: (c) => `/api/churches/${c.churchA.id}/members/${c.asker.user.id}`,
    expected: adminsOnly(204),
  },
  { route: 'GET /api/churches/{id}/dashboard', url: (c) => `/api/churches/${c.churchA.id}/dashboard`, expected: adminsOnly(200) },
  {
    route: 'GET /api/churches/{id}/dashboard.csv',
    url: (c) => `/api/churches/${c.churchA.id}/dashboard.csv?table=groups`,
    expected: adminsOnly(200),
  },

  // Community: a group in a church (its owner, here A's admin, who must be an admin of the church).
  {
    route: 'PUT /api/groups/{id}/church',
    url: (c) => `/api/groups/${c.groupId}/church`,
    body: (c) => ({ churchId: c.churchA.id }),
    expected: adminsOnly(200),
  },
  { route: 'DELETE /api/groups/{id}/church', url: (c) => `/api/groups/${c.groupId}/church`, expected: adminsOnly(200) },
  {
    route: 'GET /api/groups/discover',
    what: 'groups of my churches',
    url: () => '/api/groups/discover?church=mine',
    expected: signedIn(200),
  },

  // Library: the church's logo.
  {
    route: 'PUT /api/logos/{churchId}',
    url: (c) => `/api/logos/${c.churchA.id}`,
    body: () => fileForm(onePixelPng, 'image/png', 'logo.png'),
    expected: adminsOnly(200),
  },
  {
    route: 'GET /api/logos/{churchId}/{logoId}',
    what: 'the logo is public',
    before: (c) =>
      eventually(async () =>
        (await c.sessions.admin.get<ChurchPortal>(`/api/churches/by-slug/${c.churchA.slug}`)).body.logoUrl ? true : undefined,
      ),
    url: () => logoUrl,
    expected: anyone(200),
  },
  { route: 'DELETE /api/logos/{churchId}', url: (c) => `/api/logos/${c.churchA.id}`, expected: adminsOnly(204) },

  // Library: the church scope of resources (a church resource is its members' only; to anyone else it does not exist).
  {
    route: 'GET /api/uploads/{id}',
    what: 'a church resource',
    url: (c) => `/api/uploads/${c.resourceId}`,
    expected: { none: 401, outsider: 404, otherAdmin: 404, member: 200, admin: 200 },
  },
  {
    route: 'POST /api/uploads/{id}/download',
    what: 'a church resource',
    url: (c) => `/api/uploads/${c.resourceId}/download`,
    expected: { none: 401, outsider: 404, otherAdmin: 404, member: 200, admin: 200 },
  },
  {
    route: 'POST /api/uploads',
    what: 'sharing with church A',
    url: () => '/api/uploads',
    body: (c) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(submission({ visibility: 'church', churchId: c.churchA.id })))
        for (const v of [value].flat()) form.append(name, v);
      form.append('file', new Blob([new Uint8Array(Buffer.from('Notes'))], { type: 'text/plain' }), 'notes.txt');
      return form;
    },
    expected: { none: 401, outsider: 400, otherAdmin: 400, member: 201, admin: 201 },
  },

  // Formation: curricula (roles from formation's directory of church roles).
  { route: 'GET /api/curricula', url: (c) => `/api/curricula?churchId=${c.churchA.id}`, expected: adminsOnly(200) },
  {
    route: 'POST /api/curricula',
    url: () => '/api/curricula',
    body: (c) => ({ churchId: c.churchA.id, title: 'Not for everyone' }),
    expected: adminsOnly(201),
  },
  { route: 'GET /api/curricula/{id}', url: (c) => `/api/curricula/${c.curriculum.id}`, expected: adminsOnly(200) },
  {
    route: 'PUT /api/curricula/{id}/draft',
    url: (c) => `/api/curricula/${c.curriculum.id}/draft`,
    body: async (c) => {
      const d = await draftOf(c);
      return { revision: d.revision, title: d.title, description: d.description, weeks: [...oneWeek, ...oneWeek] };
    },
    expected: adminsOnly(200),
  },
  {
    route: 'PUT /api/curricula/{id}/working-copy',
    url: (c) => `/api/curricula/${c.curriculum.id}/working-copy`,
    body: async (c) => {
      const d = await draftOf(c);
      return {
        copyRevision: d.workingCopy?.revision ?? 0,
        baseRevision: d.revision,
        content: { title: d.title, description: d.description, weeks: [] },
      };
    },
    expected: adminsOnly(200),
  },
  {
    route: 'DELETE /api/curricula/{id}/working-copy',
    url: (c) => `/api/curricula/${c.curriculum.id}/working-copy`,
    expected: adminsOnly(200),
  },
  { route: 'POST /api/curricula/{id}/publish', url: (c) => `/api/curricula/${c.curriculum.id}/publish`, expected: adminsOnly(200) },
  {
    route: 'POST /api/curricula/{id}/duplicate',
    url: (c) => `/api/curricula/${c.curriculum.id}/duplicate`,
    expected: adminsOnly(201),
    after: (c, answers) => {
      c.copyId = (answers.admin!.body as CurriculumDetail).id;
    },
  },
  {
    route: 'POST /api/curricula/{id}/archive',
    what: 'the copy',
    url: (c) => `/api/curricula/${c.copyId}/archive`,
    expected: adminsOnly(200),
  },
  {
    route: 'POST /api/curricula/{id}/restore',
    what: 'the copy',
    url: (c) => `/api/curricula/${c.copyId}/restore`,
    expected: adminsOnly(200),
  },
  {
    route: 'POST /api/curricula/{id}/assignments',
    url: (c) => `/api/curricula/${c.curriculum.id}/assignments`,
    body: (c) => ({ audience: 'church', startDate: c.curriculum.currentWeekStart }),
    expected: adminsOnly(201),
    after: (c, answers) => {
      c.assignmentId = (answers.admin!.body as CurriculumAssignment).id;
    },
  },
  {
    route: 'GET /api/curricula/{id}/weeks/{week}',
    what: 'the week assigned to the church (beforeAll)',
    url: (c) => `/api/curricula/${c.curriculum.id}/weeks/1`,
    expected: membersOnly(200),
  },
  {
    route: 'GET /api/curricula/{id}/weeks/{week}',
    what: 'the draft: its admins only',
    url: (c) => `/api/curricula/${c.curriculum.id}/weeks/1?version=draft`,
    expected: adminsOnly(200),
  },
  {
    route: 'GET /api/curricula/{id}/assignments/{assignmentId}',
    url: (c) => `/api/curricula/${c.curriculum.id}/assignments/${c.assignmentId}`,
    expected: adminsOnly(200),
  },
  {
    route: 'DELETE /api/curricula/{id}/assignments/{assignmentId}',
    url: (c) => `/api/curricula/${c.curriculum.id}/assignments/${c.assignmentId}`,
    expected: adminsOnly(204),
  },
  { route: 'GET /api/curricula/{id}/progress', url: (c) => `/api/curricula/${c.curriculum.id}/progress`, expected: adminsOnly(200) },

  // Identity: member imports (roles asked of community with the caller's token).
  {
    route: 'POST /api/member-imports',
    url: (c) => `/api/member-imports?churchId=${c.churchA.id}`,
    body: () => fileForm(`name,email\nTitus,${uniqueEmail('titus')}\n`, 'text/csv', 'members.csv'),
    expected: adminsOnly(202),
    after: (c, answers) => {
      c.importId = (answers.admin!.body as MemberImport).id;
    },
  },
  { route: 'GET /api/member-imports', url: (c) => `/api/member-imports?churchId=${c.churchA.id}`, expected: adminsOnly(200) },
  {
    route: 'GET /api/member-imports/{id}',
    before: (c) => importFinished(c, c.importId!),
    url: (c) => `/api/member-imports/${c.importId}`,
    expected: importAdminsOnly(200),
  },
  { route: 'GET /api/member-imports/{id}/rows', url: (c) => `/api/member-imports/${c.importId}/rows`, expected: importAdminsOnly(200) },
  {
    route: 'GET /api/member-imports/{id}/report.csv',
    url: (c) => `/api/member-imports/${c.importId}/report.csv`,
    expected: importAdminsOnly(200),
  },
  {
    route: 'POST /api/member-imports/{id}/resend',
    url: (c) => `/api/member-imports/${c.importId}/resend`,
    body: () => ({}),
    expected: importAdminsOnly(200),
  },
  { route: 'POST /api/member-imports/{id}/undo', url: (c) => `/api/member-imports/${c.importId}/undo`, expected: importAdminsOnly(200) },

  // Identity: invitations (the link's holder by its token; a join notice for the account it was sent to).
  {
    route: 'POST /api/invitations/open',
    what: 'a token no invitation has',
    url: () => '/api/invitations/open',
    body: () => ({ token: `${randomUUID()}.${'x'.repeat(32)}` }),
    expected: anyone(404),
  },
  {
    route: 'POST /api/invitations/accept',
    what: 'a token no invitation has',
    url: () => '/api/invitations/accept',
    body: () => ({ token: `${randomUUID()}.${'x'.repeat(32)}`, name: 'Someone', password: 'a long pass phrase 9' }),
    expected: anyone(404),
  },
  {
    route: 'GET /api/invitations/{id}',
    what: 'a join notice to another account',
    url: (c) => `/api/invitations/${c.invitationId}`,
    expected: { ...adminsOnly(403), admin: 403, invitee: 200 },
  },
  {
    route: 'POST /api/invitations/{id}/accept',
    what: 'a join notice to another account',
    url: (c) => `/api/invitations/${c.invitationId}/accept`,
    expected: { ...adminsOnly(403), admin: 403, invitee: 200 },
  },

  // Last: leaving and creating change who is who.
  {
    route: 'POST /api/churches/{id}/leave',
    what: 'the only admin stays',
    // The invitee joins by accepting above, through identity's event: only with them still there after the member
    // leaves does the only admin have someone to hand over to (alone, they may leave, and the church closes).
    before: (c) =>
      eventually(async () => {
        const members = (await c.sessions.admin.get<ChurchMember[]>(`/api/churches/${c.churchA.id}/members`)).body;
        return members.some((m) => m.userId === c.sessions.invitee.user.id) ? true : undefined;
      }),
    url: (c) => `/api/churches/${c.churchA.id}/leave`,
    expected: { none: 401, outsider: 403, otherAdmin: 403, member: 204, admin: 409 },
  },
  {
    route: 'POST /api/churches',
    what: 'anyone signed in starts a church',
    url: () => '/api/churches',
    body: () => churchBody(),
    expected: signedIn(201),
  },
];

/** The logo's URL, set by beforeAll and by the logo row. */
let logoUrl = '';
let ctx: Context;

beforeAll(async () => {
  const [admin, member, otherAdmin, outsider, invitee, asker] = await Promise.all(
    ['Paul', 'Timothy', 'Demetrius', 'Gallio', 'Jason', 'Sosthenes'].map((name) => UserSession.signUp({ name })),
  );
  // Importing members and resending invitations need two-factor sign-in (docs/member-imports.md).
  await admin.enableTwoFactor();
  const churchA = (await admin.post<ChurchSummary>('/api/churches', churchBody())).body;
  const churchB = (await otherAdmin.post<ChurchSummary>('/api/churches', churchBody())).body;
  const code = (await admin.get<ChurchDetail>(`/api/churches/${churchA.id}`)).body.joinCode!;
  expect((await member.post('/api/churches/join', { code })).status).toBe(200);
  await asker.post(`/api/churches/${churchA.id}/requests`);
  const askerRequestId = (await admin.get<ChurchJoinRequest[]>(`/api/churches/${churchA.id}/requests`)).body[0].id;
  const groupId = (await admin.post<GroupSummary>('/api/groups', { name: `Matrix group ${churchA.slug}` })).body.id;

  // The library and formation learn roles from community's events: wait until both know A's admin and member.
  const logo = await eventually(async () => {
    const res = await send('PUT', `/api/logos/${churchA.id}`, admin, fileForm(onePixelPng, 'image/png', 'logo.png'));
    return res.status === 200 ? (res.body as { logoUrl: string }) : undefined;
  });
  logoUrl = logo.logoUrl;
  const resource = await eventually(async () => {
    const res = await upload(
      member,
      txt('For the church only.'),
      submission({ title: `Church notes ${churchA.slug}`, visibility: 'church', churchId: churchA.id }),
    );
    return res.status === 201 ? res.body : undefined;
  });
  await settled(member, resource.id, 'approved');
  await eventually(async () => ((await admin.get(`/api/uploads/${resource.id}`)).status === 200 ? true : undefined));
  // B's admin administers a curriculum of their own church: formation knows them, and they are still nothing in A.
  await eventually(async () =>
    (await otherAdmin.post('/api/curricula', { churchId: churchB.id, title: 'Ours' })).status === 201 ? true : undefined,
  );
  let curriculum = await eventually(async () => {
    const res = await admin.post<CurriculumDetail>('/api/curricula', { churchId: churchA.id, title: 'Walking with Mark' });
    return res.status === 201 ? res.body : undefined;
  });
  curriculum = (
    await put(admin, `/api/curricula/${curriculum.id}/draft`, { revision: curriculum.revision, title: curriculum.title, weeks: oneWeek })
  ).body as CurriculumDetail;
  curriculum = (await admin.post<CurriculumDetail>(`/api/curricula/${curriculum.id}/publish`)).body;
  expect(
    (await admin.post(`/api/curricula/${curriculum.id}/assignments`, { audience: 'church', startDate: curriculum.currentWeekStart }))
      .status,
  ).toBe(201);
  await eventually(async () => ((await member.get(`/api/curricula/${curriculum.id}/weeks/1`)).status === 200 ? true : undefined));

  // A join notice: the import names an account holder, who is sent an invitation to accept signed in.
  const started = await send(
    'POST',
    `/api/member-imports?churchId=${churchA.id}`,
    admin,
    fileForm(`name,email\nJason,${invitee.email}\n`, 'text/csv', 'notice.csv'),
  );
  const partial: Pick<Context, 'sessions'> = { sessions: { admin, member, otherAdmin, outsider, invitee } };
  await importFinished(partial as Context, (started.body as MemberImport).id);
  const [row] = (await admin.get<ImportRowsPage>(`/api/member-imports/${(started.body as MemberImport).id}/rows`)).body.items;

  ctx = {
    sessions: partial.sessions,
    churchA,
    asker,
    askerRequestId,
    groupId,
    curriculum,
    invitationId: row.invitation!.id,
    resourceId: resource.id,
  };
});

describe('church routes across churches: each caller’s exact status, checked on the server', () => {
  it.each(rows.map((row) => [`${row.route}${row.what ? ` (${row.what})` : ''}`, row] as const))('%s', async (_name, row) => {
    await row.before?.(ctx);
    const answers: Partial<Record<Caller, { status: number; type: string; body: unknown }>> = {};
    for (const caller of order.filter((c) => c in row.expected)) {
      const session = caller === 'none' ? undefined : ctx.sessions[caller];
      answers[caller] = await send(row.route.split(' ')[0], row.url(ctx), session, await row.body?.(ctx, caller));
    }

    expect(Object.fromEntries(Object.entries(answers).map(([caller, a]) => [caller, a.status]))).toEqual(row.expected);
    // Every refusal says why, as problem+json.
    for (const [caller, a] of Object.entries(answers)) {
      if (a.status >= 400)
        expect([caller, a.type, typeof (a.body as ProblemDetails).detail]).toEqual([
          caller,
          expect.stringContaining('application/problem+json'),
          'string',
        ]);
    }
    await row.after?.(ctx, answers);
    if (row.route === 'PUT /api/logos/{churchId}') logoUrl = (answers.admin!.body as { logoUrl: string }).logoUrl;
  });
});

describe('the matrix and the API document', () => {
  it('has a row for every church route the document lists, and names no route it does not', async () => {
    const doc = await send('GET', '/api/docs-json', undefined);
    const routes = Object.entries((doc.body as { paths: Record<string, Record<string, unknown>> }).paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const churchScoped = (route: string) =>
      /^\S+ \/api\/(churches|curricula|member-imports|invitations|logos)(\/|$)/.test(route) || route.endsWith('/church');
    const inMatrix = new Set(rows.map((r) => r.route));

    expect(routes.filter(churchScoped).filter((route) => !inMatrix.has(route))).toEqual([]);
    expect([...inMatrix].filter((route) => !routes.includes(route))).toEqual([]);
  });
});

describe('a church that does not exist', () => {
  /**
   * Community owns churches and says 404; identity asks community, so it says the same. Formation and the library know
   * a church only from community's events, so to them an unknown church is one where the caller has no role (403).
   */
  it.each([
    ['GET', '/api/churches/{unknown}', 404],
    ['PATCH', '/api/churches/{unknown}', 404],
    ['POST', '/api/churches/{unknown}/join-code', 404],
    ['POST', '/api/churches/{unknown}/requests', 404],
    ['GET', '/api/churches/{unknown}/requests', 404],
    ['GET', '/api/churches/{unknown}/members', 404],
    ['POST', '/api/churches/{unknown}/leave', 404],
    ['GET', '/api/churches/{unknown}/dashboard', 404],
    ['GET', '/api/member-imports?churchId={unknown}', 404],
    ['GET', '/api/curricula?churchId={unknown}', 403],
    ['DELETE', '/api/logos/{unknown}', 403],
  ])('%s %s answers %i to a church admin', async (method, path, status) => {
    const res = await send(
      method,
      path.replace('{unknown}', randomUUID()),
      ctx.sessions.admin,
      method === 'PATCH' ? { welcome: 'Hello' } : undefined,
    );
    expect(res.status).toBe(status);
    expect(res.type).toContain('application/problem+json');
  });
});
