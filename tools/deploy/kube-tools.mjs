// Renders the Kubernetes manifests (deploy/k8s) and validates them against the Kubernetes API schemas, offline: these
// machines reach package registries only, and kubeconform downloads its schemas from GitHub by default.
//
//   node tools/deploy/kube-tools.mjs render <kustomization dir>     the rendered YAML on stdout
//   node tools/deploy/kube-tools.mjs validate <kustomization dir>…  kubeconform's JSON report on stdout; exit 1 if invalid
//
// Where each piece comes from, cached under $ABIDE_CACHE_DIR/tools (as tools/infra caches the engines):
// - kustomize: `kubectl kustomize` when kubectl is installed, else sigs.k8s.io/kustomize/kustomize/v5 from the Go
//   module proxy (`go install`).
// - kubeconform: github.com/yannh/kubeconform from the Go module proxy (`go install`).
// - the schemas: the PyPI package kubernetes-validate ships the JSON schemas of every Kubernetes minor version, generated
//   from Kubernetes' OpenAPI document (`pip download`, no install). Its files refer to one shared definitions file by
//   an absolute `/api/_definitions.json`, which kubeconform's loader cannot follow, so each kind's schema is written out
//   standalone: the definitions it reaches, inlined under `$defs`. Chosen over generating schemas from k8s.io/api with
//   a Go program of our own: the same OpenAPI source, maintained upstream, with nothing of ours to keep in step.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheDir } from '../infra/engines.mjs';
import { makeLogger, withProgress } from '../infra/lib/util.mjs';

export const KUBERNETES_VERSION = '1.32.0';
const KUBECONFORM = 'github.com/yannh/kubeconform/cmd/kubeconform@v0.7.0';
const KUSTOMIZE = 'sigs.k8s.io/kustomize/kustomize/v5@v5.5.0';
const SCHEMA_PACKAGE = 'kubernetes-validate==1.37.0';

const toolsDir = (...p) => path.join(cacheDir(), 'tools', ...p);
// Progress goes to stderr: stdout carries the rendered YAML or the report.
const log = { ...makeLogger(false), info: (msg) => process.stderr.write(`${msg}\n`) };

const run = (cmd, args, options = {}) => {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (r.error) throw new Error(`${cmd} could not run: ${r.error.message}`);
  return r;
};
const must = (r, what) => {
  if (r.status !== 0) throw new Error(`${what} failed:\n${(r.stderr || r.stdout).trim()}`);
  return r.stdout;
};
const onPath = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).status === 0;

/** A Go tool built once with `go install` from the module proxy into the cache. */
const goTool = async (name, moduleAtVersion) => {
  const version = moduleAtVersion.split('@')[1];
  const bin = toolsDir(name, version, name);
  if (fs.existsSync(bin)) return bin;
  if (!onPath('go')) throw new Error(`${name} is built with Go (${moduleAtVersion}); install Go first`);
  const gobin = `${path.dirname(bin)}.tmp-${process.pid}`;
  await fsp.mkdir(gobin, { recursive: true });
  await withProgress(log, `${name}: building ${moduleAtVersion} from the Go module proxy (first time only)`, async () => {
    const goflags = `${process.env.GOFLAGS ?? ''} -p=2`.trim();
    must(
      run('go', ['install', '-trimpath', moduleAtVersion], {
        env: { ...process.env, GOBIN: gobin, CGO_ENABLED: '0', GOFLAGS: goflags, GOWORK: 'off' },
      }),
      `go install ${moduleAtVersion}`,
    );
  });
  await fsp.mkdir(path.dirname(bin), { recursive: true });
  await fsp.rename(path.join(gobin, name), bin);
  await fsp.rm(gobin, { recursive: true, force: true });
  return bin;
};

/** The manifests a kustomization renders to, as one YAML stream. */
export const render = async (dir) => {
  if (onPath('kubectl') && run('kubectl', ['kustomize', '--help']).status === 0)
    return must(run('kubectl', ['kustomize', dir]), `kubectl kustomize ${dir}`);
  return must(run(await goTool('kustomize', KUSTOMIZE), ['build', dir]), `kustomize build ${dir}`);
};

/** Every schema reachable from `node`, with `$ref`s rewritten to point inside the same file. */
const standalone = (schema, definitions) => {
  const defs = {};
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const name = /#\/\$defs\/(.+)$/.exec(value)?.[1];
        if (!name || !(name in definitions)) throw new Error(`unknown schema reference ${value}`);
        node.$ref = `#/$defs/${name}`;
        if (!(name in defs)) {
          defs[name] = structuredClone(definitions[name]);
          visit(defs[name]);
        }
      } else visit(value);
    }
  };
  const copy = structuredClone(schema);
  visit(copy);
  return { ...copy, $defs: defs };
};

/** The folder of standalone strict schemas for KUBERNETES_VERSION, made once from the PyPI package. */
export const schemaDir = async () => {
  const dir = toolsDir('k8s-schemas', SCHEMA_PACKAGE.replace('==', '-'), `v${KUBERNETES_VERSION}-standalone-strict`);
  if (fs.existsSync(path.join(dir, 'deployment-apps-v1.json'))) return dir;
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'abide-k8s-schemas-'));
  try {
    await withProgress(log, `schemas: downloading ${SCHEMA_PACKAGE} from PyPI (first time only)`, async () => {
      must(
        run('python3', ['-m', 'pip', 'download', '--no-deps', '--only-binary=:all:', '-d', work, SCHEMA_PACKAGE]),
        `pip download ${SCHEMA_PACKAGE}`,
      );
    });
    const wheel = (await fsp.readdir(work)).find((f) => f.endsWith('.whl'));
    if (!wheel) throw new Error(`pip download ${SCHEMA_PACKAGE} left no wheel in ${work}`);
    // Only this version's files, out of the wheel's ~17,000.
    const prefix = `kubernetes_validate/kubernetes-json-schema/v${KUBERNETES_VERSION}-local-strict/`;
    const extract = `import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nfor n in z.namelist():\n    if n.startswith(sys.argv[2]): z.extract(n, sys.argv[3])`;
    must(run('python3', ['-c', extract, path.join(work, wheel), prefix, work]), 'extracting the schemas');
    const source = path.join(work, prefix);
    const definitions = JSON.parse(await fsp.readFile(path.join(source, '_definitions.json'), 'utf8')).$defs;
    const tmp = `${dir}.tmp-${process.pid}`;
    await fsp.mkdir(tmp, { recursive: true });
    for (const file of await fsp.readdir(source)) {
      if (file.startsWith('_') || file === 'all.json' || !file.endsWith('.json')) continue;
      const schema = JSON.parse(await fsp.readFile(path.join(source, file), 'utf8'));
      await fsp.writeFile(path.join(tmp, file), JSON.stringify(standalone(schema, definitions)));
    }
    try {
      await fsp.rename(tmp, dir);
    } catch (error) {
      // Another run (a parallel Jest worker) finished first: its copy is the same.
      if (!fs.existsSync(path.join(dir, 'deployment-apps-v1.json'))) throw error;
      await fsp.rm(tmp, { recursive: true, force: true });
    }
    return dir;
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
};

/** kubeconform's verdict on each rendered kustomization: strict (unknown fields are errors), no kind skipped. */
export const validate = async (dirs) => {
  const [kubeconform, schemas] = [await goTool('kubeconform', KUBECONFORM), await schemaDir()];
  const resources = [];
  let ok = true;
  for (const dir of dirs) {
    const rendered = await render(dir);
    const r = run(
      kubeconform,
      [
        '-strict',
        '-summary',
        '-output',
        'json',
        '-verbose',
        '-kubernetes-version',
        KUBERNETES_VERSION,
        '-schema-location',
        path.join(schemas, '{{ .ResourceKind }}{{ .KindSuffix }}.json'),
        '-',
      ],
      { input: rendered },
    );
    const report = JSON.parse(r.stdout);
    ok &&= r.status === 0 && report.summary.errors === 0 && report.summary.invalid === 0 && report.summary.skipped === 0;
    resources.push(...report.resources.map((res) => ({ dir, kind: res.kind, name: res.name, status: res.status, msg: res.msg })));
  }
  return { ok, kubernetesVersion: KUBERNETES_VERSION, resources };
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, ...dirs] = process.argv.slice(2);
  try {
    if (command === 'render' && dirs.length === 1) process.stdout.write(await render(dirs[0]));
    else if (command === 'validate' && dirs.length > 0) {
      const report = await validate(dirs);
      process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      process.exitCode = report.ok ? 0 : 1;
    } else {
      process.stderr.write('usage: node tools/deploy/kube-tools.mjs render <dir> | validate <dir>…\n');
      process.exitCode = 2;
    }
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  }
}
