import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { installProcessGuards } from './process-guards';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** The fixture service in its own process: Node's own handling applies there, as in a service (Jest's would hide it). */
const startFixture = async () => {
  const port = await freePort();
  const child = spawn(process.execPath, ['-r', '@swc-node/register', join(__dirname, 'stray-failures.fixture.ts')], {
    env: { ...process.env, PORT: String(port), SWC_NODE_PROJECT: join(__dirname, '../../../../tsconfig.json') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  await new Promise<void>((resolve, reject) => {
    const check = setInterval(() => {
      if (output.includes('fixture listening')) {
        clearInterval(check);
        resolve();
      } else if (child.exitCode !== null) {
        clearInterval(check);
        reject(new Error(`the fixture exited before listening:\n${output}`));
      }
    }, 50);
  });
  return { child, url: `http://127.0.0.1:${port}`, output: () => output };
};

describe(installProcessGuards.name, () => {
  jest.setTimeout(60_000);
  let fixture: { child: ChildProcess; url: string; output: () => string };

  beforeAll(async () => {
    fixture = await startFixture();
  });

  afterAll(() => {
    fixture?.child.kill('SIGKILL');
  });

  it('keeps a bootstrapped service serving when a promise rejects with nothing awaiting it', async () => {
    expect((await fetch(`${fixture.url}/stray-rejection`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));

    expect({ exitCode: fixture.child.exitCode, ping: (await fetch(`${fixture.url}/ping`)).status }).toEqual({ exitCode: null, ping: 200 });
    const logged = fixture
      .output()
      .split('\n')
      .filter((line) => line.includes('a stray rejection'))
      .map((line) => JSON.parse(line) as { level: number; msg: string; err: { message: string } });
    expect(logged).toEqual([
      expect.objectContaining({ level: 60, msg: expect.stringContaining('nothing awaiting it'), err: expect.objectContaining({ message: 'a stray rejection' }) }),
    ]);
  });

  it('keeps a bootstrapped service serving when a callback throws', async () => {
    expect((await fetch(`${fixture.url}/stray-exception`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));

    expect({ exitCode: fixture.child.exitCode, ping: (await fetch(`${fixture.url}/ping`)).status }).toEqual({ exitCode: null, ping: 200 });
    expect(fixture.output()).toContain('"message":"a stray exception"');
  });
});
