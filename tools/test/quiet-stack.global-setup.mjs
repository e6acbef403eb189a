// The read-model checks' stack (the quiet project): the proof of #25 that read models are right at any replica count,
// so it runs 3 instances of every service behind the gateway unless ABIDE_REPLICAS says otherwise, and API only. The
// gateway deals writes round robin there (no write affinity): one member's and one group's writes then race across
// the instances, the case the read models must be right in.
import stackGlobalSetup from './stack.global-setup.mjs';

export default async function quietStackGlobalSetup() {
  process.env.ABIDE_REPLICAS ||= '3';
  process.env.E2E_SKIP_WEB ||= '1';
  process.env.ABIDE_WRITE_AFFINITY ||= 'off';
  await stackGlobalSetup();
}
