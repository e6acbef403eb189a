// The failed tests of a run, listed last: CI keeps only the tail of the output, where the failures themselves have
// scrolled away behind later suites.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const firstLine = (text = '') =>
  text
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .find(Boolean) ?? '';

/** "file › test: first line of the failure" for each failed test and each suite that failed to run, from Jest's JSON. */
export const failedTests = (resultFiles, root) => {
  const lines = [];
  for (const file of resultFiles) {
    if (!existsSync(file)) continue;
    for (const suite of JSON.parse(readFileSync(file, 'utf8')).testResults ?? []) {
      const where = path.relative(root, suite.name);
      const failed = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failed) lines.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      if (!failed.length && suite.status === 'failed') lines.push(`${where}: ${firstLine(suite.message)}`);
    }
  }
  return lines;
};

export const printFailedTests = (resultFiles, root) => {
  const lines = failedTests(resultFiles, root);
  if (lines.length) process.stdout.write(`\nFailed tests:\n${lines.map((line) => `  ${line}`).join('\n')}\n`);
};
