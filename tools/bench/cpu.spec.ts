import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// tools/bench/cpu.mjs is an ES module and Jest runs this file as CommonJS, so it runs in a child process.
const cpu = pathToFileURL(path.resolve(__dirname, 'cpu.mjs')).href;
const inChild = (body: string) => {
  const out = spawnSync(process.execPath, ['--input-type=module', '-e', `const cpu = await import(${JSON.stringify(cpu)}); ${body}`], {
    encoding: 'utf8',
  });
  if (out.status !== 0) throw new Error(out.stderr);
  return JSON.parse(out.stdout);
};

const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 0, columnNumber: 0, scriptId: '0' });

/** A profile: a request handler in our code calls the logger, whose native write takes 3 ms; 1 ms of GC, 5 ms idle. */
const profile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 3, 4] },
    { id: 2, callFrame: frame('(idle)') },
    { id: 3, callFrame: frame('(garbage collector)') },
    { id: 4, callFrame: frame('handle', 'file:///repo/apps/formation/src/habits/habit.queries.ts'), children: [5] },
    { id: 5, callFrame: frame('write', 'file:///repo/node_modules/pino/lib/proto.js'), children: [6] },
    { id: 6, callFrame: frame('Writable.write', 'node:internal/streams/writable'), children: [7] },
    { id: 7, callFrame: frame('writeUtf8String') },
  ],
  samples: [2, 4, 7, 7, 7, 3, 2, 2, 2, 2, 2],
  timeDeltas: [0, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000],
};

describe('the load suite: where the CPU goes', () => {
  it('counts native work for the package that asked for it, leaves idle out, and ranks by self time', () => {
    const summary = inChild(`process.stdout.write(JSON.stringify(cpu.summarizeProfile(${JSON.stringify(profile)})))`);
    expect(summary.busyMs).toBe(5);
    expect(summary.areas).toEqual([
      { name: 'via pino', ms: 3, share: 0.6 },
      { name: 'apps/formation', ms: 1, share: 0.2 },
      { name: 'garbage collection', ms: 1, share: 0.2 },
    ]);
    expect(summary.functions[0]).toEqual({ name: 'writeUtf8String (via pino)', ms: 3, share: 0.6 });
  });

  it('names the area of a frame: a scoped package, our own app or lib, Node internals', () => {
    const areas = inChild(
      `process.stdout.write(JSON.stringify([
        cpu.areaOf({ functionName: 'f', url: 'file:///r/node_modules/@nestjs/core/router/x.js' }),
        cpu.areaOf({ functionName: 'f', url: 'file:///r/libs/event-store/src/event-store.ts' }),
        cpu.areaOf({ functionName: 'f', url: 'node:internal/streams/writable' }),
        cpu.areaOf({ functionName: 'f', url: 'node:events' }),
      ]))`,
    );
    expect(areas).toEqual(['@nestjs/core', 'libs/event-store', 'node:streams', 'node:events']);
  });

  it("measures a process's CPU in cores over the window, as the process itself counts it", () => {
    // A busy loop, measured both ways: the kernel's count read from /proc and Node's own process.cpuUsage(). The
    // scheduler may give the loop less than a core on a loaded machine; the two counts must still agree.
    const measured = inChild(
      `const before = process.cpuUsage(); const started = process.hrtime.bigint();
       const w = cpu.cpuWindow({ self: process.pid }); const t = Date.now(); while (Date.now() - t < 400) {}
       const result = w.stop(); const used = process.cpuUsage(before);
       const own = (used.user + used.system) / 1e6 / (Number(process.hrtime.bigint() - started) / 1e9);
       process.stdout.write(JSON.stringify({ ...result, own }))`,
    );
    expect(measured.cores.self).toBeGreaterThan(0);
    // Clock ticks are 10 ms: over 0.4 s the two counts differ by a few hundredths at most.
    expect(Math.abs(measured.cores.self - measured.own)).toBeLessThan(0.1);
    expect(measured.machine).toBeGreaterThanOrEqual(measured.cores.self - 0.1);
  });
});
