import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { documentDifferences } from './document-diff';
import { clientPath, endpointsDir, repoRoot, snapshotPath } from './paths';

/** The client files the committed document generates, by path, rendered by the generator itself (print-client.ts). */
const renderClientFiles = async (): Promise<Record<string, string>> =>
  JSON.parse(
    (
      await promisify(execFile)(process.execPath, ['-r', '@swc-node/register', path.join(__dirname, 'print-client.ts')], {
        cwd: repoRoot,
        maxBuffer: 16 * 1024 * 1024,
      })
    ).stdout,
  ) as Record<string, string>;

describe('the generated web client (apps/web/src/shared/api/generated)', () => {
  it('is what the committed API document generates: run `npm run api:client` after changing a route', async () => {
    const files = await renderClientFiles();
    expect(Object.keys(files)).toContain(clientPath);
    for (const [file, regenerated] of Object.entries(files)) {
      const name = path.relative(repoRoot, file);
      if (!existsSync(file)) throw new Error(`${name} is missing. Run npm run api:client.`);
      const committed = readFileSync(file, 'utf8');
      if (regenerated === committed) continue;
      const lines = [regenerated.split('\n'), committed.split('\n')] as const;
      const at = lines[0].findIndex((line, i) => line !== lines[1][i]);
      throw new Error(
        `${name} is stale (first difference at line ${at + 1}: ` +
          `${JSON.stringify(lines[0][at])} expected, ${JSON.stringify(lines[1][at])} committed). Run npm run api:client.`,
      );
    }
    const leftOver = readdirSync(endpointsDir).filter((file) => !(path.join(endpointsDir, file) in files));
    expect(leftOver).toEqual([]);
  }, 60_000);
});

describe('the committed API document', () => {
  it('names every operation once, as <controller><Method> (the endpoint names of the generated client)', () => {
    const document = JSON.parse(readFileSync(snapshotPath, 'utf8')) as { paths: Record<string, Record<string, { operationId?: string }>> };
    const ids = Object.values(document.paths).flatMap((item) => Object.values(item).map((operation) => operation.operationId));
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z]+$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('documentDifferences', () => {
  const document = {
    openapi: '3.0.0',
    paths: { '/api/groups': { get: { operationId: 'groupsMine' }, post: { operationId: 'groupsCreate' } } },
    components: { schemas: { Group: { type: 'object' } }, securitySchemes: { bearer: { type: 'http' } } },
  };

  it('ignores key order', () => {
    const reordered = {
      components: { securitySchemes: { bearer: { type: 'http' } }, schemas: { Group: { type: 'object' } } },
      paths: { '/api/groups': { post: { operationId: 'groupsCreate' }, get: { operationId: 'groupsMine' } } },
      openapi: '3.0.0',
    };
    expect(documentDifferences(document, reordered)).toEqual([]);
  });

  it('names the operations and schemas that differ', () => {
    const changed = {
      ...document,
      paths: { '/api/groups': { get: { operationId: 'groupsList' } }, '/api/habits': { get: {} } },
      components: { ...document.components, schemas: { Group: { type: 'string' } } },
    };
    expect(documentDifferences(document, changed)).toEqual([
      'operation GET /api/groups: differs at .operationId',
      'operation POST /api/groups: only in the committed snapshot',
      'operation GET /api/habits: only in the served document',
      'schema Group: differs at .type',
    ]);
  });
});
