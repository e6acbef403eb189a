import { spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// tools/stack/services.mjs is an ES module and Jest runs this file as CommonJS, so it is called in a child process.
const services = pathToFileURL(path.resolve(__dirname, 'services.mjs')).href;
const check = (ports: { name: string; port: number }[]) =>
  spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const s = await import(${JSON.stringify(services)}); await s.assertPortsFree(${JSON.stringify(ports)});`,
    ],
    { encoding: 'utf8' },
  );

const listening = async (): Promise<net.Server> => {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
};

describe('assertPortsFree (before a stack starts its services)', () => {
  it('names each port another process holds, so a service left from an earlier run cannot answer for the new one', async () => {
    const held = await listening();
    const free = await listening();
    const heldPort = (held.address() as net.AddressInfo).port;
    const freePort = (free.address() as net.AddressInfo).port;
    await new Promise((resolve) => free.close(resolve));
    try {
      const sut = check([
        { name: 'identity', port: heldPort },
        { name: 'gateway', port: freePort },
      ]);
      expect(sut.status).not.toBe(0);
      expect(sut.stderr).toContain(`port(s) already in use: ${heldPort} (identity).`);
      expect(sut.stderr).not.toContain(`${freePort} (gateway)`);
    } finally {
      await new Promise((resolve) => held.close(resolve));
    }
    expect(check([{ name: 'identity', port: heldPort }]).status).toBe(0);
  });
});
