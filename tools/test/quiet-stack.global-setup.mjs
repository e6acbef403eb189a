// The read-model checks' stack (the quiet project): the proof of #25 that read models are right at any replica count,
// so it runs 3 instances of every service behind the gateway unless ABIDE_REPLICAS says otherwise, and API only.
import stackGlobalSetup from './stack.global-setup.mjs';

export default async function quietStackGlobalSetup() {
  process.env.ABIDE_REPLICAS ||= '3';
  process.env.E2E_SKIP_WEB ||= '1';
  await stackGlobalSetup();
}
