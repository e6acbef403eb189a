// Where a run's time went: the spec files that took longest, from Jest's JSON results, printed at the end of npm test so
// a slow CI run shows what to look at first (README "Tests": the suite's time is watched).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** "seconds  file" for the `count` slowest spec files across `resultFiles` (a file missing from them is skipped). */
export const slowestSpecs = (resultFiles, root, count = 15) => {
  const timed = [];
  for (const file of resultFiles) {
    if (!existsSync(file)) continue;
    for (const suite of JSON.parse(readFileSync(file, 'utf8')).testResults ?? []) {
      if (suite.startTime && suite.endTime)
        timed.push({ where: path.relative(root, suite.name), seconds: (suite.endTime - suite.startTime) / 1000 });
    }
  }
  return timed
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map(({ where, seconds }) => `${seconds.toFixed(0).padStart(5)} s  ${where}`);
};

export const printSlowestSpecs = (resultFiles, root) => {
  const lines = slowestSpecs(resultFiles, root);
  if (lines.length) process.stdout.write(`\nSlowest spec files:\n${lines.map((line) => `  ${line}`).join('\n')}\n`);
};
