import {
  type DownloadLink,
  MAX_UPLOAD_BYTES,
  type ProblemDetails,
  type Resource,
  type ResourcePage,
  resourceSchema,
  uploadMessages,
} from '@abide/contracts';
import { apiUrl, eventually, settled, submission, testBuckets, txt, upload, UserSession } from '@abide/testing';
import { v7 as uuidv7 } from 'uuid';
import { docxBombs, MiB, pdfBomb, servicePeakMemoryDuring } from '@abide/testing/fixtures/bomb-files';
import { corruptPdf, docxWith, pdfWith, windowsExecutable, zipBombDocx } from '@abide/testing/fixtures/library-files';
import { closePublisher, objectsOf, publishGroupEvent } from './library-e2e.support';

let owner: UserSession;
let other: UserSession;

beforeAll(async () => {
  [owner, other] = await Promise.all([UserSession.signUp({ name: 'Priscilla' }), UserSession.signUp({ name: 'Aquila' })]);
});
afterAll(async () => {
  await closePublisher();
});

describe('POST /api/uploads', () => {
  it('streams a text file into quarantine, answers with the resource, and processes it into the review queue', async () => {
    const res = await upload(
      owner,
      txt('Abide in me, and I in you.\nAs the branch cannot bear fruit by itself.', 'vine.txt'),
      submission({ title: '' }),
    );

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'vine',
      category: 'study',
      tags: ['prayer', 'discipleship'],
      targetAudience: 'all-levels',
      visibility: 'public',
      fileName: 'vine.txt',
      fileType: 'txt',
      status: 'processing',
      isOwner: true,
      ownerName: 'Priscilla',
    });
    const done = await settled(owner, res.body.id, 'in-review');
    expect(done).toMatchObject({
      words: 15,
      pages: null,
      excerpt: 'Abide in me, and I in you. As the branch cannot bear fruit by itself.',
    });
    // The quarantine copy is removed right after the resource is marked processed (so a crash in between retries
    // from the stored copy): it is gone moments later, not necessarily at the instant the state shows.
    const emptied = await eventually(async () => ((await objectsOf(testBuckets.quarantine(), owner.user.id)).length === 0 ? true : undefined));
    expect(emptied).toBe(true);
    expect(await objectsOf(testBuckets.store(), owner.user.id)).toHaveLength(1);
  });

  it('refuses a disguised executable named .pdf with its message and keeps nothing', async () => {
    const res = await upload(other, { name: 'sermon.pdf', data: windowsExecutable(), type: 'application/pdf' }, submission());

    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.detail).toBe(uploadMessages.badType);
    expect(res.body.detail).toBe('File type must be one of .pdf, .docx, .txt');
    expect(await objectsOf(testBuckets.quarantine(), other.user.id)).toEqual([]);
  });

  it('refuses an empty file with 400 and keeps nothing', async () => {
    const res = await upload(other, txt('', 'empty.txt'), submission());

    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(uploadMessages.tooSmall(1));
    expect(await objectsOf(testBuckets.quarantine(), other.user.id)).toEqual([]);
  });

  it('refuses a file one byte over 10 MiB with 413 and stores nothing', async () => {
    const res = await upload(other, txt('a'.repeat(MAX_UPLOAD_BYTES + 1), 'big.txt'), submission());

    expect(res.status).toBe(413);
    expect(res.body.detail).toBe('File is larger than 10485760 bytes');
    expect(await objectsOf(testBuckets.quarantine(), other.user.id)).toEqual([]);
    expect(await objectsOf(testBuckets.store(), other.user.id)).toEqual([]);
  });

  it('accepts a file of exactly 10 MiB', async () => {
    const res = await upload(owner, txt('b'.repeat(MAX_UPLOAD_BYTES), 'exact.txt'), submission({ visibility: 'private' }));

    expect(res.status).toBe(201);
    expect(res.body.fileSize).toBe(MAX_UPLOAD_BYTES);
  });

  it('refuses a zip bomb named .docx as not a document, and keeps nothing', async () => {
    const res = await upload(other, { name: 'curriculum.docx', data: zipBombDocx() }, submission());

    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(uploadMessages.badType);
    expect(await objectsOf(testBuckets.quarantine(), other.user.id)).toEqual([]);
  });

  it('keeps only the last segment of a path-traversal file name', async () => {
    const res = await upload(owner, txt('Plain words.', '../../etc/passwd.txt'), submission({ title: '', visibility: 'private' }));

    expect([res.status, res.body.detail]).toEqual([201, undefined]);
    expect(res.body.fileName).toBe('passwd.txt');
    expect(res.body.title).toBe('passwd');
  });

  it('checks the fields in the form order: file, title, category, terms', async () => {
    const noFile = await upload(owner, null, submission());
    const noCategory = await upload(owner, txt('x'), submission({ category: '', termsAccepted: 'false' }));
    const noTerms = await upload(owner, txt('x'), submission({ termsAccepted: 'false' }));
    const notMyGroup = await upload(owner, txt('x'), submission({ visibility: 'group', groupId: uuidv7() }));

    expect([noFile.status, noFile.body.title, noFile.body.detail]).toEqual([
      400,
      uploadMessages.noFile.title,
      uploadMessages.noFile.description,
    ]);
    expect([noCategory.status, noCategory.body.detail]).toEqual([400, uploadMessages.noCategory.description]);
    expect([noTerms.status, noTerms.body.detail]).toEqual([400, uploadMessages.noTerms.description]);
    expect([notMyGroup.status, notMyGroup.body.detail]).toEqual([400, uploadMessages.notYourGroup]);
  });

  it('refuses a second file with its message', async () => {
    const res = await upload(owner, txt('one'), submission(), [txt('two')]);

    expect([res.status, res.body.detail]).toEqual([400, uploadMessages.tooMany]);
  });

  it('reads a Word document and a PDF for their text and counts', async () => {
    const docx = await upload(
      owner,
      { name: 'guide.docx', data: docxWith('Love one another.\nBear one another’s burdens.') },
      submission({ visibility: 'private' }),
    );
    const pdf = await upload(owner, { name: 'sermon.pdf', data: pdfWith('Grace upon grace') }, submission({ visibility: 'private' }));

    expect([docx.status, docx.body.fileType, pdf.status, pdf.body.fileType]).toEqual([201, 'docx', 201, 'pdf']);
    expect(await settled(owner, docx.body.id, 'approved')).toMatchObject({
      words: 7,
      excerpt: 'Love one another. Bear one another’s burdens.',
    });
    expect(await settled(owner, pdf.body.id, 'approved')).toMatchObject({ pages: 1, words: 3, excerpt: 'Grace upon grace' });
  });

  it('marks a corrupt PDF failed with a reason for its owner, and keeps no file', async () => {
    const res = await upload(other, { name: 'broken.pdf', data: corruptPdf() }, submission());

    const failed = await settled(other, res.body.id, 'failed');
    expect(failed.statusReason).toBe('This PDF is damaged or incomplete and could not be read.');
    expect(await objectsOf(testBuckets.quarantine(), other.user.id)).toEqual([]);
    const notice = await eventually(async () => {
      const bell = await other.get<{ items: Array<{ title: string; body: string }> }>('/api/notifications');
      return bell.body.items.find((n) => n.title === 'Your upload could not be processed');
    });
    expect(notice.body).toBe('This PDF is damaged or incomplete and could not be read.');
  });
});

describe('decompression bombs', () => {
  const docxTooLarge =
    'This Word document unpacks to far more data than a document of its size should, so it was not accepted. Please upload a copy saved again from Word.';
  const pdfTooLarge =
    'This PDF unpacks to far more data than a document of its size should, so it was not accepted. Please upload a copy saved again from your PDF editor.';
  // The zip directory is checked at upload (declared sizes, entry count); what parts really inflate to, in processing.
  const refusedAtUpload = new Set(['a high-ratio part with honest sizes that is not XML', 'many entries']);

  it('refuses each at upload, or fails it in processing with the reason, while the library’s memory stays flat, and keeps serving', async () => {
    const bombs = [
      ...Object.entries(docxBombs()).map(([name, data]) => ({
        name,
        file: { name: 'study.docx', data },
        reason: refusedAtUpload.has(name) ? uploadMessages.badType : docxTooLarge,
      })),
      { name: 'a FlateDecode stream of 400 MiB', file: { name: 'study.pdf', data: pdfBomb(400) }, reason: pdfTooLarge },
    ];

    for (const bomb of bombs) {
      const { peak, result } = await servicePeakMemoryDuring('library', async () => {
        const res = await upload(other, bomb.file, submission({ visibility: 'private' }));
        return res.status === 201 ? (await settled(other, res.body.id, 'failed')).statusReason : `${res.status} ${res.body.detail}`;
      });

      expect([bomb.name, result]).toEqual([bomb.name, bomb.reason === uploadMessages.badType ? `400 ${bomb.reason}` : bomb.reason]);
      // Each bomb inflates to 300 MiB or more (the PDF's would take a 512 MiB buffer).
      expect(peak).toBeLessThan(160 * MiB);
    }
    expect(await objectsOf(testBuckets.quarantine(), other.user.id)).toEqual([]);
    const next = await upload(other, { name: 'sermon.pdf', data: pdfWith('Grace upon grace') }, submission({ visibility: 'private' }));
    expect(await settled(other, next.body.id, 'approved')).toMatchObject({ pages: 1, words: 3 });
  });
});

describe('drafts', () => {
  it('saves a draft without terms, visible to its owner only, then edits and submits it', async () => {
    const draft = await upload(
      owner,
      txt('Draft words about hope.'),
      submission({ termsAccepted: 'false', draft: 'true', visibility: 'private' }),
    );
    expect([draft.status, draft.body.status]).toEqual([201, 'draft']);

    expect((await other.get(`/api/uploads/${draft.body.id}`)).status).toBe(404);
    expect((await other.post(`/api/uploads/${draft.body.id}/download`)).status).toBe(404);
    expect((await other.patch(`/api/uploads/${draft.body.id}`, { title: 'Mine now' })).status).toBe(404);
    const mine = await owner.get<ResourcePage>('/api/uploads?mine=1&pageSize=50');
    expect(mine.body.items.map((r) => r.id)).toContain(draft.body.id);
    // The contract's shape exactly: not yet processed means null, never a missing field.
    expect(resourceSchema.strict().parse(mine.body.items.find((r) => r.id === draft.body.id))).toMatchObject({
      pages: null,
      words: null,
      excerpt: null,
    });

    const edited = await owner.patch<Resource>(`/api/uploads/${draft.body.id}`, { title: 'Hope that lasts', tags: ['Hope', 'HOPE'] });
    expect(edited.body).toMatchObject({ title: 'Hope that lasts', tags: ['hope'], status: 'draft' });

    const refused = await owner.post<ProblemDetails>(`/api/uploads/${draft.body.id}/submit`, { termsAccepted: false });
    expect([refused.status, refused.body.detail]).toEqual([400, uploadMessages.noTerms.description]);
    const submitted = await owner.post<Resource>(`/api/uploads/${draft.body.id}/submit`, { termsAccepted: true });
    expect([submitted.status, submitted.body.status]).toEqual([200, 'processing']);
    await settled(owner, draft.body.id, 'approved');
  });

  it('deletes an upload and its file for the owner only', async () => {
    const res = await upload(other, txt('To be removed.'), submission({ visibility: 'private' }));
    await settled(other, res.body.id, 'approved');

    expect((await owner.delete(`/api/uploads/${res.body.id}`)).status).toBe(404);
    expect((await other.delete(`/api/uploads/${res.body.id}`)).status).toBe(204);
    expect((await other.get(`/api/uploads/${res.body.id}`)).status).toBe(404);
    expect(await objectsOf(testBuckets.store(), other.user.id)).not.toContain(`${other.user.id}/${res.body.id}`);
  });
});

describe('visibility', () => {
  it("never lists or serves another member's private resource", async () => {
    const res = await upload(owner, txt('Private prayer list.'), submission({ visibility: 'private', title: 'Private prayers' }));
    await settled(owner, res.body.id, 'approved');

    const list = await other.get<ResourcePage>(`/api/uploads?q=${encodeURIComponent('Private prayer list')}`);
    expect(list.body.total).toBe(0);
    expect((await other.get(`/api/uploads/${res.body.id}`)).status).toBe(404);
    expect((await other.post(`/api/uploads/${res.body.id}/download`)).status).toBe(404);
    expect((await owner.get<ResourcePage>(`/api/uploads?q=${encodeURIComponent('Private prayer list')}`)).body.total).toBe(1);
  });

  it("shows a group resource to the group's members only, and no longer after a member leaves", async () => {
    const groupId = uuidv7();
    const member = await UserSession.signUp({ name: 'Lydia' });
    const joinedAt = new Date().toISOString();
    await publishGroupEvent(
      'community.group.created',
      groupId,
      { ownerId: owner.user.id, name: 'Tuesday Fellowship', description: '', isPublic: true, meeting: null },
      1,
    );
    await publishGroupEvent(
      'community.group.member-joined',
      groupId,
      { userId: owner.user.id, role: 'owner', via: 'created', joinedAt },
      2,
    );
    await publishGroupEvent('community.group.member-joined', groupId, { userId: member.user.id, role: 'member', via: 'open', joinedAt }, 3);
    const marker = `fellowship-${uuidv7().slice(-8)}`;

    const res = await eventually(async () => {
      const attempt = await upload(owner, txt(`Notes for the group ${marker}`), submission({ visibility: 'group', groupId }));
      return attempt.status === 201 ? attempt : undefined;
    });
    expect(res.body).toMatchObject({ visibility: 'group', groupId, groupName: 'Tuesday Fellowship' });
    await settled(owner, res.body.id, 'approved');

    // The member's join (version 3) reaches the library as an event, which may land after the upload settled.
    await eventually(async () => ((await member.get<ResourcePage>(`/api/uploads?q=${marker}`)).body.total === 1 ? true : undefined));
    expect((await member.post(`/api/uploads/${res.body.id}/download`)).status).toBe(200);
    expect((await other.get<ResourcePage>(`/api/uploads?q=${marker}`)).body.total).toBe(0);
    expect((await other.get(`/api/uploads/${res.body.id}`)).status).toBe(404);

    await publishGroupEvent('community.group.member-left', groupId, { userId: member.user.id }, 4);
    await eventually(async () => ((await member.get<ResourcePage>(`/api/uploads?q=${marker}`)).body.total === 0 ? true : undefined));
    expect((await member.post(`/api/uploads/${res.body.id}/download`)).status).toBe(404);
  });
});

describe('GET /api/uploads search, filters and paging', () => {
  it('searches title, description, tags and the files’ text, filters by type and topic, and pages 12 at a time with a true total', async () => {
    const marker = `zq${uuidv7().slice(-10).replace(/-/g, '')}`;
    const searcher = await UserSession.signUp({ name: 'Timothy' });
    const made: string[] = [];
    for (let i = 0; i < 13; i++) {
      const category = i < 5 ? 'sermon' : 'devotional';
      const tags = i % 2 === 0 ? ['spiritual-growth'] : ['serving'];
      const res = await upload(
        searcher,
        txt(`Week ${i} ${i === 0 ? '' : marker}`),
        submission({ title: i === 0 ? `Title ${marker}` : `Week ${i}`, category, tags, visibility: 'private' }),
      );
      expect(res.status).toBe(201);
      made.push(res.body.id);
    }
    for (const id of made) await settled(searcher, id, 'approved');

    const first = await searcher.get<ResourcePage>(`/api/uploads?q=${marker.toUpperCase()}`);
    expect(first.body).toMatchObject({ total: 13, page: 1, pageSize: 12, hasMore: true });
    expect(first.body.items).toHaveLength(12);
    expect(first.body.items[0].id).toBe(made[12]);
    const second = await searcher.get<ResourcePage>(`/api/uploads?q=${marker}&page=2`);
    expect(second.body).toMatchObject({ total: 13, page: 2, hasMore: false });
    expect(second.body.items.map((r) => r.id)).toEqual([made[0]]);

    expect((await searcher.get<ResourcePage>(`/api/uploads?q=${marker}&category=sermon`)).body.total).toBe(5);
    expect((await searcher.get<ResourcePage>(`/api/uploads?q=${marker}&category=all&topic=growth`)).body.total).toBe(7);
    expect((await searcher.get<ResourcePage>(`/api/uploads?q=${marker}&category=&topic=all`)).body.total).toBe(13);
    expect((await other.get<ResourcePage>(`/api/uploads?q=${marker}`)).body.total).toBe(0);
  });
});

describe('POST /api/uploads/{id}/download', () => {
  it('gives a short-lived pre-signed URL that downloads the file as an attachment with nosniff, and counts it', async () => {
    const res = await upload(owner, txt('Download me, Berean.', 'berean study.txt'), submission({ visibility: 'private' }));
    await settled(owner, res.body.id, 'approved');

    const link = await owner.post<DownloadLink>(`/api/uploads/${res.body.id}/download`);
    expect(link.status).toBe(200);
    expect(link.body.fileName).toBe('berean study.txt');
    const ttl = Date.parse(link.body.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(60_000);
    expect(ttl).toBeLessThanOrEqual(300_000);
    expect(new URL(link.body.url).searchParams.get('X-Amz-Expires')).toBe('300');

    const file = await fetch(link.body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="berean study.txt"; filename*=UTF-8''berean%20study.txt`);
    expect(file.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await file.text()).toBe('Download me, Berean.');

    const tampered = new URL(link.body.url);
    tampered.searchParams.set('X-Amz-Expires', '604800');
    expect((await fetch(tampered)).status).toBe(403);
    expect((await owner.get<Resource>(`/api/uploads/${res.body.id}`)).body.downloads).toBe(1);
  });
});

describe('account deletion', () => {
  it("purges the member's resources and files once the account is deleted", async () => {
    const leaving = await UserSession.signUp({ name: 'Demas' });
    const res = await upload(leaving, txt('Left behind.'), submission({ visibility: 'private' }));
    await settled(leaving, res.body.id, 'approved');
    expect(await objectsOf(testBuckets.store(), leaving.user.id)).toHaveLength(1);

    expect((await leaving.post('/api/account/delete', { password: leaving.password })).status).toBeLessThan(300);

    await eventually(async () => ((await objectsOf(testBuckets.store(), leaving.user.id)).length === 0 ? true : undefined), {
      timeoutMs: 30_000,
    });
    expect((await leaving.get<ResourcePage>('/api/uploads?mine=1')).body.total).toBe(0);
  });
});

describe('OpenAPI', () => {
  it('documents the library and moderation routes, the upload as multipart', async () => {
    const res = await fetch(`${apiUrl()}/api/docs-json`);
    const doc = (await res.json()) as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>> };

    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/uploads',
        '/api/uploads/{id}',
        '/api/uploads/{id}/submit',
        '/api/uploads/{id}/download',
        '/api/uploads/{id}/reports',
        '/api/moderation/queue',
        '/api/moderation/audit',
        '/api/moderation/resources/{id}/text',
        '/api/moderation/resources/{id}/file',
        '/api/moderation/resources/{id}/approve',
        '/api/moderation/resources/{id}/reject',
      ]),
    );
    expect(Object.keys(doc.paths['/api/uploads'].post.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
  });
});
