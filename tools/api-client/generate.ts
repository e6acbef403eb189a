// `npm run api:client`: builds the public API document offline (no engines, no running stack), commits it as
// apps/web/src/shared/api/generated/openapi.json and generates the web app's RTK Query client from it (docs/api.md).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildMergedDocument } from './merged-document';
import { endpointsDir, repoRoot, sharedSchemasPath, snapshotPath } from './paths';
import { renderClientFiles, renderSnapshot } from './render-client';

const main = async (): Promise<void> => {
  const document = await buildMergedDocument();
  mkdirSync(path.dirname(snapshotPath), { recursive: true });
  writeFileSync(snapshotPath, await renderSnapshot(document));
  const operations = Object.values(document.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
  console.log(`wrote ${path.relative(repoRoot, snapshotPath)} (${operations} operations)`);
  // A tag that lost its last operation leaves no module behind, nor a shared schema no longer shared.
  rmSync(endpointsDir, { recursive: true, force: true });
  rmSync(sharedSchemasPath, { force: true });
  mkdirSync(endpointsDir, { recursive: true });
  for (const [file, source] of Object.entries(await renderClientFiles())) {
    writeFileSync(file, source);
    console.log(`wrote ${path.relative(repoRoot, file)}`);
  }
};

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
