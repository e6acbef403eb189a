// Schemathesis (PyPI) in a virtual environment inside the engine cache, installed once per requirements file.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheDir } from '../infra/engines.mjs';
import { hashFiles, makeLogger, run, which, withProgress } from '../infra/lib/util.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REQUIREMENTS = path.join(HERE, 'requirements.txt');
/** Written last: an environment without it is an interrupted install and is made again. */
const COMPLETE = '.abide-complete';

const venvDir = () => path.join(cacheDir(), 'tools', `schemathesis-${hashFiles([REQUIREMENTS]).slice(0, 12)}`);

/** The path of the `st` command, installing Schemathesis first when this requirements file has no environment yet. */
export async function ensureSchemathesis({ quiet = false } = {}) {
  const dir = venvDir();
  const st = path.join(dir, 'bin', 'st');
  if (fs.existsSync(path.join(dir, COMPLETE))) return st;
  const python = which('python3') ?? which('python');
  if (!python) throw new Error('Schemathesis needs Python 3.9+ (python3 on the PATH) to install into its cache folder.');
  const log = makeLogger(quiet);
  const logFile = path.join(cacheDir(), 'tools', 'schemathesis-install.log');
  fs.rmSync(dir, { recursive: true, force: true });
  await withProgress(log, `installing Schemathesis from PyPI into ${dir}`, async () => {
    await run(python, ['-m', 'venv', dir], { logFile, engine: 'schemathesis' });
    const pip = ['-m', 'pip', 'install', '--disable-pip-version-check', '--no-input', '-q', '-r', REQUIREMENTS];
    await run(path.join(dir, 'bin', 'python'), pip, { logFile, engine: 'schemathesis' });
  });
  fs.writeFileSync(path.join(dir, COMPLETE), `${new Date().toISOString()}\n`);
  return st;
}
