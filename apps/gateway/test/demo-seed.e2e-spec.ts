import type { ChurchDashboard, MyChurches, SpiritualPlan } from '@abide/contracts';
import { Authenticator, apiUrl, eventually, randomClientIp, UserSession } from '@abide/testing';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * `npm start`'s demo data (tools/dev/seed-demo.mjs) on the test stack: the demo moderator is enrolled in two-factor
 * sign-in (their role needs it), signs in with the key the seed keeps, and a later start still signs them in, also
 * when the key file was lost (the operator's reset, then a new key).
 */
const repoRoot = path.resolve(__dirname, '../../..');
// The seed's own client address: its sign-ins never share the per-IP limit with other files' loopback calls.
const env = { ...process.env, ABIDE_PROFILE: 'test', SEED_CLIENT_IP: randomClientIp() };

const node = (script: string): string => {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: repoRoot, env, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`failed (${run.status}): ${run.stderr || run.stdout}`);
  return run.stdout;
};

type Counts = Record<'invited' | 'alreadyMember' | 'alreadyInvited' | 'refused', number>;
let seeded = false;
const seedDemo = (): { moderator: { email: string; password: string; twoFactorKey: string }; memberImport: { id: string; counts: Counts } } => {
  const demo = JSON.parse(
    node(`import { seedDemoData } from './tools/dev/seed-demo.mjs';
      const demo = await seedDemoData(${JSON.stringify(apiUrl())}, ${JSON.stringify(process.env.E2E_SMTP_WEB_URL)}, { profile: 'test', smsApiUrl: ${JSON.stringify(process.env.E2E_SMS_API_URL)} });
      process.stdout.write(JSON.stringify(demo));`),
  );
  seeded = true;
  return demo;
};
// A seed takes half a minute (its two-factor sign-in waits for a time step no earlier run used): the tests after the
// first reuse its data, and seed only when run on their own.
const seededOnce = (): void => {
  if (!seeded) seedDemo();
};

const reviewQueueStatus = async ({ email, password, twoFactorKey }: { email: string; password: string; twoFactorKey: string }) => {
  // The seed (another process) spent the codes of the current step and maybe the next: this app takes the one after.
  const app = new Authenticator(twoFactorKey);
  const moderator = await UserSession.signIn(email, password, randomClientIp(), app.usedThrough(app.currentStep + 1));
  return { aal: moderator.session.aal, queue: (await moderator.get('/api/moderation/queue')).status };
};

describe('the demo data of npm start', () => {
  jest.setTimeout(300_000);

  it('enrols the demo moderator in two-factor sign-in and signs them in with the kept key, again after the key is lost', async () => {
    const first = seedDemo();
    expect(first.moderator.twoFactorKey).toMatch(/^[A-Z2-7]{32}$/);

    const code = spawnSync(process.execPath, ['tools/dev/two-factor.mjs', 'code'], { cwd: repoRoot, env, encoding: 'utf8' });
    expect(code.stdout).toMatch(/^moderator@abide\.local: \d{6} \(valid for \d+ more seconds\)\n$/);

    // The second start signs the moderator in with the kept key (it would enrol a new one if that failed): the same key.
    // Each sign-in here waits for a time step none before it used, so the test signs in itself only once, at the end.
    const again = seedDemo();
    expect(again.moderator.twoFactorKey).toBe(first.moderator.twoFactorKey);
    // The demo church's member import: every outcome once processed, and kept (not imported again) by a later start.
    expect(first.memberImport.counts).toEqual({ invited: 4, alreadyMember: 1, alreadyInvited: 0, refused: 3 });
    expect(again.memberImport.id).toBe(first.memberImport.id);

    node(
      `import { rmSync } from 'node:fs'; import { demoKeyFile } from './tools/dev/seed/demo-two-factor.mjs'; rmSync(demoKeyFile('test'));`,
    );
    const afterLoss = seedDemo();
    expect(afterLoss.moderator.twoFactorKey).not.toBe(first.moderator.twoFactorKey);
    expect(await reviewQueueStatus(afterLoss.moderator)).toEqual({ aal: 'aal2', queue: 200 });
  });

  it('gives St. Mark’s pastor’s dashboard real figures: three members who share and check in, one who does not', async () => {
    // The demo member (tools/dev/seed-demo.mjs) administers St. Mark's; the seed above ran three times.
    seededOnce();
    const demo = await UserSession.signIn('demo@abide.local', 'walk humbly every day');
    const church = (await demo.get<MyChurches>('/api/churches')).body.items.find((c) => c.slug === 'st-marks')!;
    const dashboard = await eventually(
      async () => {
        const d = (await demo.get<ChurchDashboard>(`/api/churches/${church.id}/dashboard`)).body;
        return d.activeThisWeek === 3 && d.groups[0]?.members?.length === 3 ? d : undefined;
      },
      { timeoutMs: 30_000 },
    );
    expect(dashboard).toMatchObject({ members: 4, sharingMembers: 3 });
    expect(dashboard.weeks.at(-1)?.checkIns).toBeGreaterThanOrEqual(3);
    expect(dashboard.groups[0].ratings.count).toBeGreaterThan(0);
    expect(dashboard.groups[0].members?.map((m) => m.name).sort()).toEqual(['Demo Member', 'Grace Okafor', 'Samuel Mensah']);
  });

  it('assigns the demo church’s curriculum to the demo group, whose members’ plans follow it', async () => {
    seededOnce();
    const grace = await UserSession.signIn('grace@abide.local', 'steadfast love endures');

    const plan = await eventually(async () => {
      const res = await grace.post<SpiritualPlan>('/api/spiritual-plans/current');
      return res.body.curriculum ? res.body : undefined;
    });

    expect(plan.curriculum).toMatchObject({ title: 'Walking with Mark', weeks: 6, churchName: "St. Mark's Church", groupName: 'Tuesday Night Fellowship' });
    expect(plan.planData.dailyActivities.flatMap((d) => d.activities).filter((a) => a.fromCurriculum)).toHaveLength(3);
  });
});
