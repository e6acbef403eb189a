import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// tools/stack/supervisor.mjs is an ES module and Jest runs this file as CommonJS, so it is called in a child process.
const supervisor = pathToFileURL(path.resolve(__dirname, 'supervisor.mjs')).href;
// `until(check)`: a busy machine takes a while to start a Node process.
const prelude = `const s = await import(${JSON.stringify(supervisor)});
const until = async (check) => { while (!check()) await new Promise((resolve) => setTimeout(resolve, 20)); };`;
const run = (script: string) => {
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', `${prelude}\n${script}`], {
    encoding: 'utf8',
    timeout: 50_000,
  });
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout.trim().split('\n');
};

describe('the service supervisor (npm start)', () => {
  it('waits 1 s, then twice as long after each quick exit up to 30 s, and 1 s again after a minute up', () => {
    const [delays] = run(`
      const delays = [];
      let last = 0;
      for (const up of [100, 100, 100, 100, 100, 100, 100, 60_000, 100]) delays.push((last = s.nextRestartDelay(last, up)));
      console.log(delays.join(','));
    `);

    expect(delays).toBe('1000,2000,4000,8000,16000,30000,30000,1000,2000');
  });

  it('restarts a service that exits and says so, with the delay', () => {
    // The first two starts crash at once; the third stays up until stopped.
    const lines = run(`
      import { spawn } from 'node:child_process';
      let starts = 0;
      const launch = () => spawn(process.execPath, ['-e', ++starts < 3 ? 'process.exit(1)' : 'setInterval(() => {}, 1000)']);
      const service = s.supervise({ name: 'identity', launch, restart: true, onProgress: (line) => console.log(line.replace(/pid \\d+/, 'pid N')),
        policy: { firstMs: 100, maxMs: 1000, stableMs: 60_000 } });
      await until(() => starts === 3);
      await new Promise((resolve) => setTimeout(resolve, 300));
      console.log('running:', service.child.exitCode === null, 'exits:', service.exits);
      await service.stop();
    `);

    expect(lines).toEqual([
      'identity exited (code 1); restarting in 0.1 s',
      'identity: restarted (pid N)',
      'identity exited (code 1); restarting in 0.2 s',
      'identity: restarted (pid N)',
      'running: true exits: 2',
    ]);
  });

  it("leaves a test stack's service down after it exits, and counts the exit", () => {
    const lines = run(`
      import { spawn } from 'node:child_process';
      const service = s.supervise({ name: 'library', launch: () => spawn(process.execPath, ['-e', 'process.exit(3)']), restart: false, onProgress: console.log });
      await until(() => service.exits === 1);
      console.log('exits:', service.exits, 'code:', service.child.exitCode);
    `);

    expect(lines).toEqual(['library exited (code 3)', 'exits: 1 code: 3']);
  });
});
