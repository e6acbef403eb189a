import { type auditEntrySchema, type ProblemDetails, type Resource, type ResourcePage, type ReviewQueue } from '@abide/contracts';
import type { z } from 'zod';
import { eventually, mailsTo, settled, signUpModerator, submission, txt, upload, UserSession } from '@abide/testing';
import { pdfWith } from '@abide/testing/fixtures/library-files';

type AuditEntry = z.infer<typeof auditEntrySchema>;

interface Bell {
  items: Array<{ title: string; body: string; link: string | null }>;
  unreadCount: number;
}

let owner: UserSession;
let member: UserSession;
let moderator: UserSession;

/** A public upload of `owner`, processed and waiting in the queue. */
const inReview = async (session: UserSession, title: string, file = txt(`${title}: words for review.`)) => {
  const res = await upload(session, file, submission({ title }));
  expect(res.status).toBe(201);
  return settled(session, res.body.id, 'in-review');
};

beforeAll(async () => {
  [owner, member, moderator] = await Promise.all([
    UserSession.signUp({ name: 'Phoebe' }),
    UserSession.signUp({ name: 'Silas' }),
    signUpModerator('Moderator Mary'),
  ]);
});

describe('moderation roles', () => {
  it('refuses a member without the moderator role on every moderation route', async () => {
    const resource = await inReview(owner, 'Role check');
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/moderation/queue'],
      ['GET', '/api/moderation/audit'],
      ['GET', `/api/moderation/resources/${resource.id}/text`],
      ['GET', `/api/moderation/resources/${resource.id}/file`],
      ['POST', `/api/moderation/resources/${resource.id}/approve`],
      ['POST', `/api/moderation/resources/${resource.id}/reject`, { reason: 'no' }],
    ];
    for (const [method, path, body] of routes) {
      const res = method === 'GET' ? await member.get(path) : await member.post(path, body);
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
    }
    expect((await settled(owner, resource.id, 'in-review')).status).toBe('in-review');
  });

  it('does not let a moderator review their own upload', async () => {
    const own = await inReview(moderator, 'My own sermon');

    const res = await moderator.post<ProblemDetails>(`/api/moderation/resources/${own.id}/approve`);

    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('You cannot review your own upload. Another moderator will review it.');
  });
});

describe('the review queue', () => {
  it('lists waiting resources oldest first with counts, previews text and the file, and keeps them out of the library', async () => {
    const older = await inReview(owner, 'Older study', { name: 'older.pdf', data: pdfWith('Older words in a PDF') });
    const newer = await inReview(owner, 'Newer study');

    const queue = await moderator.get<ReviewQueue>('/api/moderation/queue');
    expect(queue.status).toBe(200);
    const ids = queue.body.items.map((i) => i.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(queue.body.items.find((i) => i.id === older.id)).toMatchObject({ cause: 'submitted', ownerName: 'Phoebe', reports: [] });
    expect(queue.body.counts.pending).toBeGreaterThanOrEqual(2);
    expect((await member.get<ResourcePage>('/api/uploads?q=Older%20study')).body.total).toBe(0);

    const text = await moderator.get<{ text: string; truncated: boolean }>(`/api/moderation/resources/${older.id}/text`);
    expect(text.body).toMatchObject({ text: 'Older words in a PDF', truncated: false });
    const file = await fetch(`${process.env.E2E_API_URL}/api/moderation/resources/${older.id}/file`, {
      headers: { authorization: `Bearer ${moderator.token}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect(file.headers.get('content-disposition')).toMatch(/^inline; filename="older.pdf"/);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('approves: the resource joins the library, the audit trail names the moderator, the uploader is told in the bell and by e-mail', async () => {
    const resource = await inReview(owner, 'Approved psalms');

    const res = await moderator.post<Resource>(`/api/moderation/resources/${resource.id}/approve`);

    expect([res.status, res.body.status]).toEqual([200, 'approved']);
    expect((await member.get<ResourcePage>('/api/uploads?q=Approved%20psalms')).body.total).toBe(1);
    expect((await moderator.post(`/api/moderation/resources/${resource.id}/approve`)).status).toBe(409);
    const audit = await moderator.get<{ items: AuditEntry[] }>('/api/moderation/audit');
    expect(audit.body.items.find((e) => e.resourceId === resource.id)).toMatchObject({
      decision: 'approved',
      moderatorName: 'Moderator Mary',
      title: 'Approved psalms',
    });
    const bell = await eventually(async () => {
      const b = await owner.get<Bell>('/api/notifications');
      return b.body.items.find((n) => n.body.includes('Approved psalms'));
    });
    expect(bell).toMatchObject({ title: 'Your resource was approved', link: '/library' });
    const mail = await eventually(async () => (await mailsTo(owner.email, 'Your resource was approved'))[0]);
    expect(mail.text).toContain('"Approved psalms" is now available in the library.');
  });

  it('rejects with a reason the uploader reads in My uploads, the bell and an e-mail', async () => {
    const resource = await inReview(owner, 'Rejected notes');

    const empty = await moderator.post<ProblemDetails>(`/api/moderation/resources/${resource.id}/reject`, { reason: ' ' });
    const res = await moderator.post<Resource>(`/api/moderation/resources/${resource.id}/reject`, {
      reason: 'Please cite the scripture references.',
    });

    expect(empty.status).toBe(400);
    expect([res.status, res.body.status]).toEqual([200, 'rejected']);
    const mine = await owner.get<Resource>(`/api/uploads/${resource.id}`);
    expect(mine.body).toMatchObject({ status: 'rejected', statusReason: 'Please cite the scripture references.' });
    const mail = await eventually(async () => (await mailsTo(owner.email, 'Your resource was not approved'))[0]);
    expect(mail.text).toContain('Reason: Please cite the scripture references.');
  });
});

describe('reports', () => {
  it('sends an approved resource back to review after three distinct reports, one each, never by its owner', async () => {
    const resource = await inReview(owner, 'Reported booklet');
    await moderator.post(`/api/moderation/resources/${resource.id}/approve`);
    const reporters = await Promise.all([UserSession.signUp(), UserSession.signUp(), UserSession.signUp()]);

    expect((await owner.post(`/api/uploads/${resource.id}/reports`, { reason: 'mine' })).status).toBe(403);
    expect((await reporters[0].post(`/api/uploads/${resource.id}/reports`, { reason: 'Not biblical' })).status).toBe(204);
    expect((await reporters[0].post(`/api/uploads/${resource.id}/reports`, { reason: 'Again' })).status).toBe(409);
    expect((await reporters[1].post(`/api/uploads/${resource.id}/reports`, { reason: 'Spam link' })).status).toBe(204);
    expect((await member.get<ResourcePage>('/api/uploads?q=Reported%20booklet')).body.total).toBe(1);
    expect((await reporters[2].post(`/api/uploads/${resource.id}/reports`, { reason: 'Offensive' })).status).toBe(204);

    expect((await member.get<ResourcePage>('/api/uploads?q=Reported%20booklet')).body.total).toBe(0);
    const queue = await moderator.get<ReviewQueue>('/api/moderation/queue');
    const item = queue.body.items.find((i) => i.id === resource.id);
    expect(item).toMatchObject({ cause: 'reports', status: 'in-review' });
    expect(item?.reports.map((r) => r.reason).sort()).toEqual(['Not biblical', 'Offensive', 'Spam link']);
    expect(queue.body.counts.reported).toBeGreaterThanOrEqual(1);
  });
});
