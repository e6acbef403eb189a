import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseNginxConfig, type NginxDirective } from './nginx-config';

// nginx is not installed on these machines: the configuration the web image ships is parsed and its headers checked.
const config = parseNginxConfig(readFileSync(path.resolve(__dirname, '../../deploy/nginx.conf'), 'utf8'));
const server = config.find((d) => d.name === 'server')?.block ?? [];
const headersOf = (block: NginxDirective[]): Record<string, string> =>
  Object.fromEntries(block.filter((d) => d.name === 'add_header').map((d) => [d.args[0].toLowerCase(), d.args[1]]));
const headers = headersOf(server);
const cspDirectives = Object.fromEntries(
  (headers['content-security-policy'] ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .filter((parts) => parts[0])
    .map(([name, ...values]) => [name, values]),
);

describe('deploy/nginx.conf (the web server)', () => {
  it('sends a Content-Security-Policy that runs no inline script and forbids framing', () => {
    expect(cspDirectives['script-src']).toEqual(["'self'"]);
    expect(cspDirectives['default-src']).toEqual(["'self'"]);
    expect(cspDirectives['frame-ancestors']).toEqual(["'none'"]);
    expect(cspDirectives['object-src']).toEqual(["'none'"]);
    for (const values of Object.values(cspDirectives)) expect(values).not.toContain("'unsafe-eval'");
  });

  it('serves a web app whose page has no inline script, which that policy would block', () => {
    const page = readFileSync(path.resolve(__dirname, '../../apps/web/index.html'), 'utf8');
    const scripts = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="/);
      expect(body.trim()).toBe('');
    }
  });

  it('lets the moderation preview frame the PDF it fetched (a blob: URL), and nothing from another site', () => {
    expect(cspDirectives['frame-src']).toEqual(["'self'", 'blob:']);
  });

  it('sends HSTS, nosniff, no framing and a strict referrer policy, on error answers too', () => {
    expect(headers['strict-transport-security']).toMatch(/max-age=(\d{8,})/);
    expect(Number(/max-age=(\d+)/.exec(headers['strict-transport-security'] ?? '')?.[1])).toBeGreaterThanOrEqual(15_552_000);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('no-referrer');
    for (const header of server.filter((d) => d.name === 'add_header')) expect(header.args.at(-1)).toBe('always');
  });

  it("compresses the app's scripts and styles, and never the API's answers (BREACH, the live stream)", () => {
    const directive = (block: NginxDirective[], name: string) => block.find((d) => d.name === name)?.args;
    expect(directive(server, 'gzip')).toEqual(['on']);
    const types = directive(server, 'gzip_types') ?? [];
    for (const type of ['application/javascript', 'text/css']) expect(types).toContain(type);
    expect(types).not.toContain('text/event-stream');
    const apiLocations = server.filter((d) => d.name === 'location' && d.args.at(-1)?.startsWith('/api/'));
    expect(apiLocations.length).toBeGreaterThan(0);
    for (const location of apiLocations)
      expect({ location: location.args.join(' '), gzip: directive(location.block ?? [], 'gzip') }).toEqual({
        location: location.args.join(' '),
        gzip: ['off'],
      });
  });

  it('lets no location drop those headers (an add_header inside a location replaces every inherited one)', () => {
    const locations = server.filter((d) => d.name === 'location');
    expect(locations.length).toBeGreaterThan(0);
    for (const location of locations)
      expect({ location: location.args.join(' '), headers: headersOf(location.block ?? []) }).toEqual({
        location: location.args.join(' '),
        headers: {},
      });
  });

  it('passes /api to the gateway and serves the app for every other path', () => {
    const api = server.find((d) => d.name === 'location' && d.args[0] === '/api/');
    expect(api?.block?.find((d) => d.name === 'proxy_pass')?.args).toEqual(['http://gateway:3000']);
    const app = server.find((d) => d.name === 'location' && d.args[0] === '/');
    expect(app?.block?.find((d) => d.name === 'try_files')?.args).toEqual(['$uri', '/index.html']);
  });

  it('has the browser check the service worker and the web app manifest on every visit, never keep them', () => {
    const worker = server.find((d) => d.name === 'location' && d.args[0] === '~');
    const pattern = new RegExp(worker?.args[1] ?? '^$');
    for (const file of ['/sw.js', '/workbox-5a1b2c3d.js', '/manifest.webmanifest']) expect(pattern.test(file)).toBe(true);
    expect(pattern.test('/assets/index-5a1b2c3d.js')).toBe(false);
    expect(worker?.block?.find((d) => d.name === 'expires')?.args).toEqual(['-1']);
  });

  it('passes a church logo’s own sandboxing policy on, and otherwise proxies it as the rest of /api', () => {
    const api = server.find((d) => d.name === 'location' && d.args[0] === '/api/')?.block ?? [];
    const logos = server.find((d) => d.name === 'location' && d.args[0] === '/api/logos/')?.block ?? [];
    const hidden = (block: NginxDirective[]) => block.filter((d) => d.name === 'proxy_hide_header').map((d) => d.args[0].toLowerCase());

    expect(hidden(api)).toContain('content-security-policy');
    expect(hidden(logos)).not.toContain('content-security-policy');
    expect(logos.filter((d) => d.name !== 'proxy_hide_header')).toEqual(api.filter((d) => d.name !== 'proxy_hide_header'));
    expect(hidden(logos)).toEqual(hidden(api).filter((name) => name !== 'content-security-policy'));
  });

  it('rejects a configuration nginx would reject', () => {
    expect(() => parseNginxConfig('server { listen 80 }')).toThrow('has no ";"');
    expect(() => parseNginxConfig('server { listen 80;')).toThrow('without its "}"');
  });
});
