import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

describe('every service validates its configuration at start', () => {
  it.each(['gateway', 'identity', 'formation', 'library', 'community'])(
    'exits with status 78 and names what is missing when %s starts without its environment',
    (service) => {
      const sut = spawnSync(process.execPath, ['-r', '@swc-node/register', `apps/${service}/src/main.ts`], {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', SWC_NODE_PROJECT: path.join(root, 'tsconfig.json') },
        encoding: 'utf8',
        timeout: 30_000,
      });

      expect(sut.status).toBe(78);
      expect(sut.stderr).toContain(`${service}: configuration is incomplete:`);
      expect(sut.stderr).toMatch(/- PORT is not set/);
      expect(sut.stderr).toMatch(/- AUTH_JWKS_URL is not set/);
    },
  );
});
