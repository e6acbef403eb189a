// Integration tests run against the real engines: make sure they are up (idempotent, cached).
import { engineEnv, up } from '../../../tools/infra/engines.mjs';

export default async function enginesGlobalSetup() {
  await up({ quiet: true });
  Object.assign(process.env, engineEnv);
}
