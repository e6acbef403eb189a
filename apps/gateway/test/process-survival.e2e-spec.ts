import type { ChurchSummary } from '@abide/contracts';
import { apiUrl, exitedServices, strayFailures, submission, txt, upload, UserSession } from '@abide/testing';
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';

/**
 * A request never stops a process (issue #24): a client that goes away in the middle of a file, on every route that
 * reads one, leaves each service serving; the stack's crash canary (exitedServices) sees every process it started.
 */

/** Sends the start of a multipart body (half a file part) that announces more, then drops the connection. */
const abandonUpload = (session: UserSession, method: string, path: string) =>
  new Promise<void>((resolve) => {
    const boundary = `abide${randomUUID().replace(/-/g, '')}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.csv"\r\nContent-Type: text/csv\r\n\r\n`;
    const url = new URL(`${apiUrl()}${path}`);
    const req = request({
      host: url.hostname,
      port: url.port,
      path: `${url.pathname}${url.search}`,
      method,
      headers: {
        authorization: `Bearer ${session.token}`,
        'x-forwarded-for': session.clientIp,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(1024 * 1024),
      },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(head);
    req.write(Buffer.alloc(64 * 1024, 'a'), () => setTimeout(() => req.destroy(), 300));
  });

describe('a client that goes away mid-upload', () => {
  it('leaves identity and the library serving: the next upload on each route is accepted', async () => {
    const admin = await UserSession.signUp({ name: 'Lydia' });
    const church = (
      await admin.post<ChurchSummary>('/api/churches', {
        name: 'Thyatira Fellowship',
        slug: `survive-${randomUUID().slice(0, 8)}`,
        primaryColor: '#1e3a8a',
        welcome: 'Welcome',
        timeZone: 'America/New_York',
      })
    ).body;

    await abandonUpload(admin, 'POST', `/api/member-imports?churchId=${church.id}`);
    await abandonUpload(admin, 'PUT', `/api/logos/${church.id}`);
    await abandonUpload(admin, 'POST', '/api/uploads');
    // Long enough for each service to see the connection drop and give up the part.
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    expect((await upload(admin, txt('Abide in me.', 'abide.txt'), submission())).status).toBe(201);
    expect((await admin.get(`/api/member-imports?churchId=${church.id}`)).status).toBe(200);
    expect({ exited: exitedServices(), strayFailures: strayFailures() }).toEqual({ exited: [], strayFailures: [] });
  });
});
