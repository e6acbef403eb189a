import { rmSync } from 'node:fs';
import { engineInstance } from '../../../tools/infra/engines.mjs';
import { faultEnginesOptions } from './global-setup.mjs';

export default async function faultsGlobalTeardown() {
  const options = faultEnginesOptions();
  await engineInstance(options).down({ quiet: true });
  if (!process.env.ABIDE_FAULTS_KEEP) rmSync(options.runRoot, { recursive: true, force: true });
}
