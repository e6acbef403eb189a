import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// The bench's modules are ES modules and Jest runs this file as CommonJS, so they run in a child process.
const moduleUrl = (name: string) => pathToFileURL(path.resolve(__dirname, name)).href;
const inChild = <T>(body: string): T => {
  const out = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const check = await import(${JSON.stringify(moduleUrl('read-model-check.mjs'))}); const report = await import(${JSON.stringify(moduleUrl('report.mjs'))}); ${body}`,
    ],
    { encoding: 'utf8' },
  );
  if (out.status !== 0) throw new Error(out.stderr);
  return JSON.parse(out.stdout) as T;
};

// What `npm run read-models -- verify` prints when two collections of two services differ (read-models.cli.ts).
const verifyOutput = [
  'identity: 3 read model(s) rebuilt from the log, 4 collection(s) and 12 live document(s) compared: every read model equals its rebuild',
  'formation: abide_bench_smoke_formation.habit_boards_ordered (habit-board-ordered): 2 document(s) differ from the rebuild',
  'formation:   01a2: state.value.habits[id=01a3].checkIns.marks',
  'formation:   01a4: missing (the rebuild has it, the live read model has not)',
  'community: abide_bench_smoke_community.member_activity_v2 (member-activity): 1 document(s) differ from the rebuild',
  'community:   01a5: week.checkIns',
  'formation: 14 read model(s) rebuilt from the log, 18 collection(s) and 63 live document(s) compared: 2 document(s) differ',
].join('\n');

describe("the load suite's read-model check", () => {
  it('counts the documents that differ from the rebuild, by collection', () => {
    expect(inChild(`console.log(JSON.stringify(check.divergencesIn(${JSON.stringify(verifyOutput)})))`)).toEqual({
      divergences: 3,
      collections: [
        { service: 'formation', collection: 'abide_bench_smoke_formation.habit_boards_ordered', documents: 2 },
        { service: 'community', collection: 'abide_bench_smoke_community.member_activity_v2', documents: 1 },
      ],
    });
  });

  it('fails the smoke on a divergence or a verification that could not run, and passes on none', () => {
    const failing = (readModels: object) =>
      inChild<Array<{ target: string }>>(
        `console.log(JSON.stringify(report.integrityFailures({ run: { replicas: 3 }, readModels: ${JSON.stringify(readModels)} })))`,
      ).map((t) => t.target);
    const clean = { divergences: 0, collections: [], status: 0, checked: true, settled: true, seconds: 20 };
    expect(failing(clean)).toEqual([]);
    const formation = { service: 'formation', collection: 'x.y', documents: 1 };
    expect(failing({ ...clean, divergences: 1, status: 1, collections: [formation] })).toEqual([
      'read models equal their rebuild after the writes (3 instance(s) of each service)',
    ]);
    expect(failing({ ...clean, status: 2, checked: false })).toHaveLength(1);
  });
});
