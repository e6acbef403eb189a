import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rawRoutes, urlOf } from './raw-routes';

const document = JSON.parse(readFileSync(path.join(__dirname, 'api/generated/openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, unknown>>;
};

describe('raw routes (called outside the generated client)', () => {
  it.each(Object.entries(rawRoutes))('%s is an operation of the API document', (_name, { method, path: routePath }) => {
    expect(document.paths[routePath]?.[method.toLowerCase()]).toBeDefined();
  });

  it('fills in path parameters, encoded', () => {
    expect(urlOf(rawRoutes.moderationFile, { id: 'a/b' })).toBe('/api/moderation/resources/a%2Fb/file');
  });

  it("the early session script's requests name paths of the API document", () => {
    const script = readFileSync(path.join(__dirname, '../../public/early-session.js'), 'utf8');
    const paths = [...script.matchAll(/'(\/api\/[^'?]*)/g)].map((match) => match[1]);
    expect(paths.length).toBeGreaterThan(0);
    for (const early of paths) expect(Object.keys(document.paths)).toContain(early);
  });
});
