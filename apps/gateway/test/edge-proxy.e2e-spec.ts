import { apiUrl, randomClientIp } from '@abide/testing';
import { Client } from 'undici';

/**
 * The gateway on one kept-alive connection, as a browser uses it. A service may answer before it has read a request's
 * body (an upload without a token is refused by its guard at once); the connection must then still carry the member's
 * next request. It once did not: the unread rest of the body stayed in the connection and the next request hung.
 */
describe('the gateway on a kept-alive connection', () => {
  let client: Client;
  beforeEach(() => {
    client = new Client(apiUrl(), { pipelining: 1, headersTimeout: 10_000, bodyTimeout: 10_000 });
  });
  afterEach(() => client.close());

  const uploadWithoutToken = (size: number) => {
    const boundary = 'abide-edge-proxy-test';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\n`;
    const body = Buffer.concat([Buffer.from(head), Buffer.alloc(size, 'a'), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    return { body, contentType: `multipart/form-data; boundary=${boundary}` };
  };

  it('answers the next request after a body the service refused unread, time after time', async () => {
    const clientIp = randomClientIp();
    const answered: string[] = [];
    for (const size of [5, 64 * 1024, 5, 512 * 1024, 5, 5, 64 * 1024, 5]) {
      const { body, contentType } = uploadWithoutToken(size);
      const refused = await client.request({
        method: 'POST',
        path: '/api/uploads',
        headers: { 'content-type': contentType, 'x-forwarded-for': clientIp },
        body,
      });
      await refused.body.dump();
      const next = await client.request({ method: 'GET', path: '/api/auth/me', headers: { 'x-forwarded-for': clientIp } });
      await next.body.dump();
      answered.push(`${refused.statusCode} then ${next.statusCode}`);
    }
    expect(answered).toEqual(Array.from({ length: 8 }, () => '401 then 401'));
  });
});
