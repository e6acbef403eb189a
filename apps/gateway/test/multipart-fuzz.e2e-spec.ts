import type { ChurchSummary } from '@abide/contracts';
import { apiUrl, call, randomClientIp, UserSession } from '@abide/testing';
import { Client } from 'undici';

/**
 * Every upload route of the API (found in its OpenAPI document: the operations that consume multipart/form-data)
 * sent a few hundred broken multipart bodies: random boundaries, truncated bodies, oversized parts, wrong part names,
 * missing parts, many parts, garbage headers. Seeded, so a failure replays; bounded in size and time. Each answer
 * must be a 4xx problem+json the route documents (or a success, for a body that happens to be acceptable), never a
 * 5xx or a hang, and every service must still be ready at the end.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20241124);
const CASES_PER_ROUTE = 80;
const ANSWER_WITHIN_MS = 20_000;

/** mulberry32: small, seeded, good enough to pick mutations. */
const random = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

type Rng = ReturnType<typeof random>;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)];
const bytes = (rng: Rng, length: number) => Buffer.from(Array.from({ length }, () => Math.floor(rng() * 256)));

interface Part {
  name?: string;
  fileName?: string;
  type?: string;
  body: Buffer;
  extraHeaders?: string;
}

const partOf = (boundary: string, part: Part): Buffer => {
  const disposition = [
    `form-data`,
    part.name !== undefined ? `name="${part.name}"` : '',
    part.fileName ? `filename="${part.fileName}"` : '',
  ]
    .filter(Boolean)
    .join('; ');
  const head =
    `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
    (part.type ? `Content-Type: ${part.type}\r\n` : '') +
    (part.extraHeaders ?? '') +
    '\r\n';
  return Buffer.concat([Buffer.from(head, 'latin1'), part.body, Buffer.from('\r\n')]);
};

const TEXT = Buffer.from('Psalm 23: The Lord is my shepherd; I shall not want.\n');
const CSV = Buffer.from('name,email\nRuth Moabite,ruth@example.com\n');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

type Mutation = (rng: Rng, boundary: string) => { contentType: string; body: Buffer; label: string };

/** The broken bodies. Each takes a well-formed upload of the route (file plus fields) and breaks one thing. */
const mutations = (fields: Record<string, string>, file: Buffer): Mutation[] => {
  const fieldParts = (boundary: string) =>
    Object.entries(fields).map(([name, value]) => partOf(boundary, { name, body: Buffer.from(value) }));
  const filePart = (boundary: string, overrides: Partial<Part> = {}) =>
    partOf(boundary, { name: 'file', fileName: 'upload.txt', type: 'text/plain', body: file, ...overrides });
  const close = (boundary: string) => Buffer.from(`--${boundary}--\r\n`);
  const ct = (boundary: string) => `multipart/form-data; boundary=${boundary}`;
  return [
    (rng, b) => ({
      label: 'a boundary other than the declared one',
      contentType: ct(`${b}x`),
      body: Buffer.concat([...fieldParts(b), filePart(b), close(b)]),
    }),
    (rng, b) => {
      const whole = Buffer.concat([...fieldParts(b), filePart(b), close(b)]);
      return { label: 'a truncated body', contentType: ct(b), body: whole.subarray(0, Math.floor(rng() * whole.length)) };
    },
    (rng, b) => ({
      label: 'an oversized file part',
      contentType: ct(b),
      body: Buffer.concat([...fieldParts(b), filePart(b, { body: Buffer.alloc(11 * 1024 * 1024, 'a') }), close(b)]),
    }),
    (rng, b) => ({
      label: 'the file under another part name',
      contentType: ct(b),
      body: Buffer.concat([...fieldParts(b), filePart(b, { name: pick(rng, ['File', 'files[]', 'upload', '', 'file\u0000']) }), close(b)]),
    }),
    (rng, b) => ({ label: 'no file part', contentType: ct(b), body: Buffer.concat([...fieldParts(b), close(b)]) }),
    (rng, b) => ({ label: 'no parts at all', contentType: ct(b), body: close(b) }),
    (rng, b) => ({
      label: 'many parts',
      contentType: ct(b),
      body: Buffer.concat([
        ...Array.from({ length: 50 + Math.floor(rng() * 500) }, (_, i) => partOf(b, { name: `extra${i}`, body: bytes(rng, 8) })),
        filePart(b),
        close(b),
      ]),
    }),
    (rng, b) => ({
      label: 'several file parts',
      contentType: ct(b),
      body: Buffer.concat([...fieldParts(b), filePart(b), filePart(b), filePart(b, { fileName: 'again.txt' }), close(b)]),
    }),
    (rng, b) => ({
      label: 'garbage part headers',
      contentType: ct(b),
      body: Buffer.concat([
        Buffer.from(
          `--${b}\r\n${bytes(rng, 200)
            .toString('latin1')
            .replace(/\r\n\r\n/g, '')}\r\n\r\n`,
          'latin1',
        ),
        filePart(b, { extraHeaders: `X-${bytes(rng, 6).toString('hex')}: ${'h'.repeat(Math.floor(rng() * 20_000))}\r\n` }),
        close(b),
      ]),
    }),
    (rng, b) => ({ label: 'random bytes', contentType: ct(b), body: bytes(rng, Math.floor(rng() * 100_000)) }),
    (rng, b) => ({
      label: 'no boundary in the content type',
      contentType: 'multipart/form-data',
      body: Buffer.concat([filePart(b), close(b)]),
    }),
    (rng, b) => ({
      label: 'a strange boundary',
      contentType: `multipart/form-data; boundary="${pick(rng, ['', ' ', 'a'.repeat(200), '"', '\u00ff\u00fe', ';;', '=='])}"`,
      body: Buffer.concat([filePart(b), close(b)]),
    }),
    (rng, b) => ({
      label: 'another content type',
      contentType: pick(rng, ['text/plain', 'application/json', 'multipart/mixed; boundary=' + b, 'application/x-www-form-urlencoded']),
      body: Buffer.concat([filePart(b), close(b)]),
    }),
    (rng, b) => ({
      label: 'an empty file',
      contentType: ct(b),
      body: Buffer.concat([...fieldParts(b), filePart(b, { body: Buffer.alloc(0) }), close(b)]),
    }),
    (rng, b) => ({
      label: 'a file of random bytes under a true-looking name',
      contentType: ct(b),
      body: Buffer.concat([
        ...fieldParts(b),
        filePart(b, {
          body: bytes(rng, 1 + Math.floor(rng() * 50_000)),
          fileName: pick(rng, ['a.pdf', 'a.csv', 'a.png', 'a.xlsx', '../../etc/passwd']),
        }),
        close(b),
      ]),
    }),
  ];
};

describe('multipart fuzz of every upload route', () => {
  jest.setTimeout(600_000);

  it('answers a few hundred broken uploads with documented 4xx problems, never a 5xx or a hang, and every service stays ready', async () => {
    const admin = await UserSession.signUp({ name: 'Tabitha' });
    const created = await admin.post<ChurchSummary>('/api/churches', {
      name: 'Joppa Fellowship',
      slug: `fuzz-${Date.now().toString(36)}`,
      primaryColor: '#1e3a8a',
      welcome: 'Welcome',
      timeZone: 'UTC',
    });
    expect(created.status).toBe(201);
    const churchId = created.body.id;

    // The routes that take multipart, from the document; each with a well-formed upload to break.
    const document = (
      await call<{ paths: Record<string, Record<string, { requestBody?: { content?: object }; responses: object }>> }>(
        'GET',
        '/api/docs-json',
      )
    ).body;
    const uploadRoutes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => Object.keys(operation.requestBody?.content ?? {}).includes('multipart/form-data'))
        .map(([method, operation]) => ({ method: method.toUpperCase(), path, documented: Object.keys(operation.responses).map(Number) })),
    );
    const inputs: Record<string, { url: string; fields: Record<string, string>; file: Buffer }> = {
      '/api/uploads': {
        url: '/api/uploads',
        fields: { title: 'Fuzzed psalm', category: 'devotional', visibility: 'private', termsAccepted: 'true' },
        file: TEXT,
      },
      '/api/logos/{churchId}': { url: `/api/logos/${churchId}`, fields: {}, file: PNG },
      '/api/member-imports': { url: `/api/member-imports?churchId=${churchId}`, fields: {}, file: CSV },
    };
    expect(uploadRoutes.map((r) => r.path).sort()).toEqual(Object.keys(inputs).sort());

    const rng = random(SEED);
    const client = new Client(apiUrl(), { headersTimeout: ANSWER_WITHIN_MS, bodyTimeout: ANSWER_WITHIN_MS, pipelining: 1 });
    const wrong: string[] = [];
    const seen: Record<string, number> = {};
    try {
      // Identity's route last: a service that falls over takes the routes after it down too (its keys, its JWKS).
      const inOrder = Object.keys(inputs).map((path) => uploadRoutes.find((route) => route.path === path)!);
      for (const route of inOrder) {
        const input = inputs[route.path];
        const routeMutations = mutations(input.fields, input.file);
        for (let i = 0; i < CASES_PER_ROUTE; i += 1) {
          const boundary = `----fuzz${bytes(rng, 6).toString('hex')}`;
          const { label, contentType, body } = pick(rng, routeMutations)(rng, boundary);
          const signedIn = rng() < 0.9;
          const what = `${route.method} ${route.path} (case ${i}, ${label}${signedIn ? '' : ', signed out'})`;
          const answer = await client
            .request({
              method: route.method as 'POST',
              path: input.url,
              headers: {
                'content-type': contentType,
                'x-forwarded-for': randomClientIp(),
                ...(signedIn ? { authorization: `Bearer ${admin.token}` } : {}),
              },
              body,
            })
            .then(async (response) => ({
              status: response.statusCode,
              type: String(response.headers['content-type']),
              text: await response.body.text(),
            }))
            .catch((error: { code?: string; message?: string }) => ({ status: 0, type: '', text: `${error.code} ${error.message}` }));
          seen[answer.status] = (seen[answer.status] ?? 0) + 1;
          if (answer.status >= 200 && answer.status < 300) continue;
          const problem = answer.type.startsWith('application/problem+json');
          if (answer.status < 400 || answer.status >= 500 || !route.documented.includes(answer.status) || !problem) {
            wrong.push(`${what}: ${answer.status} ${answer.type} ${answer.text.slice(0, 200)}`);
          }
        }
      }
    } finally {
      await client.close();
    }
    // What the run met, for whoever reads the output.
    console.info(`multipart fuzz (seed ${SEED}): answers by status ${JSON.stringify(seen)}`);
    expect(wrong).toEqual([]);

    // The gateway's readiness includes each service's: a service that fell over would make it 'degraded'.
    const ready = await call<{ status: string }>('GET', '/health/ready');
    expect({ status: ready.status, body: ready.body }).toMatchObject({ status: 200, body: { status: 'ok' } });
  });
});
