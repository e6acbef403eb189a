import { apiUrl } from '@abide/testing';

// Where the platform meets the internet: every gateway answer tells browsers not to sniff, frame or leak referrers,
// and Swagger UI still works under the gateway's Content-Security-Policy (scripts from the gateway only).
const expectHardened = (headers: Headers) => {
  expect({
    nosniff: headers.get('x-content-type-options'),
    frame: headers.get('x-frame-options'),
    referrer: headers.get('referrer-policy'),
  }).toEqual({ nosniff: 'nosniff', frame: 'DENY', referrer: 'no-referrer' });
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("script-src 'self'");
  expect(headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
};

describe('gateway security headers', () => {
  it("are on every kind of API answer: a service's, the gateway's own problem, the API document", async () => {
    const fromService = await fetch(`${apiUrl()}/api/habits`);
    const fromGateway = await fetch(`${apiUrl()}/api/no-such-route`);
    const document = await fetch(`${apiUrl()}/api/docs-json`);

    expect([fromService.status, fromGateway.status, document.status]).toEqual([401, 404, 200]);
    for (const answer of [fromService, fromGateway, document]) expectHardened(answer.headers);
  });

  it('keep Swagger UI working: its page loads only scripts the gateway serves, and they are there', async () => {
    const page = await fetch(`${apiUrl()}/api/docs`);
    const html = await page.text();
    expectHardened(page.headers);

    // The CSP forbids inline scripts: every script on the page is a file with a src.
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect({ attributes, body: body.trim() }).toEqual({ attributes: expect.stringMatching(/src="\/api\/docs\//), body: '' });
      const src = /src="([^"]+)"/.exec(attributes)?.[1] ?? '';
      const script = await fetch(`${apiUrl()}${src}`);
      expect({ src, status: script.status, type: script.headers.get('content-type') }).toEqual({
        src,
        status: 200,
        type: expect.stringContaining('javascript'),
      });
    }
  });
});
