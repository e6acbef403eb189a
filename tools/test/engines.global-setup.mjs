// Integration tests run against the real engines: make sure they are up (idempotent, cached).
import { defaultInstance, engineEnv, up } from '../infra/engines.mjs';

export default async function enginesGlobalSetup() {
  await up({ quiet: true });
  Object.assign(process.env, engineEnv);
  // Where the engines keep their data, for tests of what reaches the disk (libs/testing/src/on-disk.ts).
  process.env.ABIDE_ENGINES_RUN_ROOT = defaultInstance.runRoot;
}
