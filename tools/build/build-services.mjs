// The production build of the five services: TypeScript compiled once with SWC (the transform dev and tests run through
// @swc-node/register), so the image runs `node dist/apps/<app>/main.js` with no register hook and no dev dependency.
//
//   node tools/build/build-services.mjs [--out dist]
//
// Layout of the output (deploy/Dockerfile copies it as is):
//   dist/apps/<app>/…            apps/<app>/src compiled (main.js is the entry point), its data files copied beside
//   dist/node_modules/@abide/<lib>/src/…   each library as the workspace has it (package.json main → src/index.js), so
//                                the apps' `@abide/<lib>` and `@abide/<lib>/src/…` imports resolve to compiled code
//                                before Node reaches the workspace links in the root node_modules
// Then every package the compiled code requires must be a production dependency (root or workspace package.json): the image
// installs only those (`npm ci --omit=dev`), so a dev-only import fails here instead of at start-up in production.
import { transformFile } from '@swc/core';
import { builtinModules } from 'node:module';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const serviceApps = ['gateway', 'identity', 'formation', 'library', 'community'];
/** Test helpers only; no service imports them outside its specs and bench seeders. */
const testOnlyLibs = new Set(['testing']);

// The options of jest.config.js's transform: decorators with their metadata, as Nest's dependency injection needs.
const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
  sourceMaps: true,
  swcrc: false,
};

/** Specs, test helpers (`testing/` folders) and the load suite's seeders (apps/*\/src/bench) are not part of a service. */
const isShipped = (rel) =>
  !/\.(spec|integration-spec|e2e-spec|faults-spec)\.ts$/.test(rel) &&
  !/\.stub\.ts$/.test(rel) &&
  !rel.split(path.sep).some((folder) => folder === 'bench' || folder === 'testing');

const walk = async (dir) => {
  const out = [];
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(full)));
    else out.push(full);
  }
  return out;
};

/** Compiles one source folder into `to`; other files (scripture JSON, word lists) are copied. */
const compileTree = async (from, to) => {
  let count = 0;
  for (const file of await walk(from)) {
    const rel = path.relative(from, file);
    if (!isShipped(rel)) continue;
    const target = path.join(to, rel);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    if (file.endsWith('.ts') && !file.endsWith('.d.ts')) {
      const js = target.replace(/\.ts$/, '.js');
      const { code, map } = await transformFile(file, {
        ...swcOptions,
        filename: file,
        sourceFileName: path.relative(path.dirname(js), file),
      });
      await fsp.writeFile(js, `${code}\n//# sourceMappingURL=${path.basename(js)}.map\n`);
      if (map) await fsp.writeFile(`${js}.map`, map);
      count += 1;
    } else if (!file.endsWith('.ts')) {
      await fsp.copyFile(file, target);
    }
  }
  return count;
};

const libraries = () =>
  fs
    .readdirSync(path.join(root, 'libs'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(root, 'libs', d.name, 'package.json')) && !testOnlyLibs.has(d.name))
    .map((d) => d.name);

/** Bare package names the compiled files require (relative paths and node: builtins left out). */
export const requiredPackages = async (dir) => {
  const names = new Set();
  for (const file of await walk(dir)) {
    if (!file.endsWith('.js')) continue;
    for (const [, spec] of (await fsp.readFile(file, 'utf8')).matchAll(/require\("([^"]+)"\)/g)) {
      if (spec.startsWith('.') || spec.startsWith('node:') || builtinModules.includes(spec.split('/')[0])) continue;
      const parts = spec.split('/');
      names.add(spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]);
    }
  }
  return [...names].sort();
};

/** Builds into `out` (absolute or relative to the repository); returns what the compiled code needs that the image lacks. */
export const buildServices = async ({ out = path.join(root, 'dist'), log = console.log } = {}) => {
  const dist = path.resolve(root, out);
  await fsp.rm(dist, { recursive: true, force: true });
  const libs = libraries();
  for (const lib of libs) {
    const pkg = JSON.parse(await fsp.readFile(path.join(root, 'libs', lib, 'package.json'), 'utf8'));
    const target = path.join(dist, 'node_modules', pkg.name);
    const n = await compileTree(path.join(root, 'libs', lib, 'src'), path.join(target, 'src'));
    await fsp.writeFile(
      path.join(target, 'package.json'),
      `${JSON.stringify({ name: pkg.name, version: pkg.version, private: true, main: 'src/index.js' }, null, 2)}\n`,
    );
    log(`${pkg.name}: ${n} files`);
  }
  for (const app of serviceApps) {
    const n = await compileTree(path.join(root, 'apps', app, 'src'), path.join(dist, 'apps', app));
    log(`apps/${app}: ${n} files`);
  }
  // `npm ci --omit=dev` installs the production dependencies of the root and of every workspace package.
  const manifests = [
    'package.json',
    ...libs.map((lib) => `libs/${lib}/package.json`),
    ...serviceApps.map((app) => `apps/${app}/package.json`),
  ];
  const production = new Set(libs.map((lib) => `@abide/${lib}`));
  for (const manifest of manifests) {
    const pkg = JSON.parse(await fsp.readFile(path.join(root, manifest), 'utf8'));
    for (const name of Object.keys(pkg.dependencies ?? {})) production.add(name);
  }
  const missing = (await requiredPackages(dist)).filter((name) => !production.has(name));
  return { dist, missing };
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--out');
  const { dist, missing } = await buildServices({ out: i > 0 ? process.argv[i + 1] : undefined });
  if (missing.length > 0) {
    console.error(`The compiled services require packages that are not production dependencies of package.json: ${missing.join(', ')}`);
    process.exit(1);
  }
  console.log(`built ${path.relative(root, dist) || dist}: run node ${path.relative(root, dist)}/apps/<app>/main.js`);
}
