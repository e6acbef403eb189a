import { AppFrame } from './pages/AppFrame';
import type { FailedJobs, OpsHealth } from '@abide/contracts';
import { randomUUID } from 'node:crypto';
import { pdfFile } from './fixtures/library/files';
import { OpsPage } from './pages/OpsPage';
import { toast } from './pages/Toasts';
import { seedMember } from './seed/members';
import { processedForReview, seedAdmin, seedDeadLetter, seedFailedProcessingJob } from './seed/ops';
import { expectAccessible } from './support/accessibility';
import { screenshot, useBrowser, viewports } from './support/browser';
import { signIn } from './support/sign-in';

const runId = () => randomUUID().slice(0, 6);

/** Prometheus's instant query answer, as the ops proxy passes it on. */
type PrometheusAnswer = { data?: { result: Array<{ metric: Record<string, string>; value: [number, string] }> } };

/** Operations (issue 14): admins only; live figures, health, failed jobs with Retry, dead letters with Replay. */
describe('operations page', () => {
  const session = useBrowser(viewports.desktop);

  it('refuses a member who is not an admin, and keeps the link out of the navigation', async () => {
    const { page } = session;
    const member = await seedMember();
    await signIn(page, member);
    expect(await page.getByRole('link', { name: 'Operations' }).count()).toBe(0);
    const ops = await new OpsPage(page).open();
    await ops.notAllowed.waitFor();
    expect(await ops.heading.count()).toBe(0);
    await expectAccessible(page, 'operations refused');
  });

  it('shows an admin the health, the metrics state, a failed job to retry and a dead letter to replay', async () => {
    const { page } = session;
    const [admin, uploader] = await Promise.all([seedAdmin(), seedMember()]);
    const id = runId();
    const failed = await seedFailedProcessingJob(
      uploader.session,
      pdfFile('Lectio divina.pdf', [`Lectio divina ${id}`, 'Read, meditate, pray, contemplate.']),
      `Lectio divina ${id}`,
    );
    const topic = await seedDeadLetter();
    const listed = await admin.session.get<FailedJobs>('/api/ops/failed-jobs');
    const job = listed.body.jobs.find((j) => j.id === failed.jobId);
    expect(job).toMatchObject({ service: 'library', queue: failed.queue, failedReason: expect.any(String) });

    await signIn(page, admin);
    await new AppFrame(page).goTo('Operations');
    const ops = new OpsPage(page);
    await ops.heading.waitFor();

    for (const service of ['identity', 'formation', 'library', 'community']) await ops.service(service).waitFor();
    await ops.service('library').getByText('mongo').waitFor();
    // The test stack runs no Prometheus of its own: the page says so plainly, or draws the charts when one answers.
    const health = await admin.session.get<OpsHealth>('/api/ops/health');
    if (health.body.prometheus.status === 'ok') {
      await ops.charts.first().waitFor();
      expect(await ops.charts.count()).toBe(7);
      await ops.metrics.getByRole('figure', { name: 'Request rate' }).waitFor();
    } else {
      await ops.metricsUnavailable.waitFor();
      await ops.metricsUnavailable.getByText('Prometheus').first().waitFor();
      expect(await ops.charts.count()).toBe(0);
    }

    const row = ops.failedJob(failed.jobId);
    await row.getByText(job!.failedReason).waitFor();
    await row.getByText(`resourceId=${failed.resource.id}`).waitFor();
    const letter = ops.deadLetter(topic).filter({ hasText: 'invalid JSON' }).first();
    await letter.getByRole('button', { name: /^Replay/ }).waitFor();
    await ops.links.getByRole('link', { name: /API documentation/ }).waitFor();
    expect(await ops.links.getByRole('link', { name: /API documentation/ }).getAttribute('href')).toBe('/api/docs');
    await ops.links.getByText('npm run bench').waitFor();
    await screenshot(page, 'ops-failed-job');
    await expectAccessible(page, 'operations with a failed job');

    // The operator puts the lost file back and retries: the job leaves the list and the upload is processed.
    await failed.restoreFile();
    await row.getByRole('button', { name: `Retry job ${failed.jobId}` }).click();
    await toast(page, 'Job queued again').waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await processedForReview(uploader.session, failed.resource.id)).status).toBe('in-review');

    // The dead letter is sent to its topic again once: its row then says when, and offers no second replay. (The
    // replayed message is still not JSON, so it is dead-lettered anew: a new row, at another offset.)
    // Every service that consumes the topic dead-letters the message (library and formation both read groups): the
    // row is the one of this letter's service.
    const offset = /offset (\d+)/.exec((await letter.textContent()) ?? '')?.[1];
    const service = (await letter.locator('td').nth(1).innerText()).trim();
    const replayed = ops
      .deadLetter(topic)
      .filter({ hasText: new RegExp(`offset ${offset}(?!\\d)`) })
      .filter({ has: page.getByRole('cell', { name: service, exact: true }) });
    await replayed.getByRole('button', { name: /^Replay/ }).click();
    await toast(page, 'Event replayed').waitFor();
    await replayed.getByText(/^Replayed /).waitFor();
    expect(await replayed.getByRole('button', { name: /^Replay/ }).count()).toBe(0);
    // A whole operator's round (a job failed, retried and processed; a letter replayed) on a busy two-core machine.
  }, 180_000);

  it('draws live figures that move with the traffic, when the local Prometheus watches this stack', async () => {
    const { page } = session;
    const admin = await seedAdmin();
    const promql = (query: string) => admin.session.get<PrometheusAnswer>(`/api/ops/prometheus/query?query=${encodeURIComponent(query)}`);
    // `npm test` runs it at slot 0, where the local Prometheus scrapes this stack (`stack="test"`, tools/infra/lib/prometheus.mjs);
    // a run in another slot, or without Prometheus, has nothing of its own to chart and the first test covers that page.
    // This run's own gateway metrics listener, so another stack's traffic (another slot's run) never counts here.
    const instance = new URL((JSON.parse(process.env.E2E_METRICS_URLS ?? '{}') as Record<string, string>).gateway ?? 'http://none').host;
    const watched = await promql(`up{stack="test",service="gateway",instance="${instance}"}`);
    if (watched.status !== 200 || watched.body.data?.result[0]?.value[1] !== '1') {
      console.warn('operations page: no local Prometheus watches this test stack; the figures under load are not checked');
      return;
    }

    // Traffic through the gateway until Prometheus has seen it (it scrapes every 5 s).
    const gatewayRate = `sum(rate(http_requests_total{service="gateway",instance="${instance}"}[1m]))`;
    const deadline = Date.now() + 60_000;
    let rate = 0;
    while (rate === 0 && Date.now() < deadline) {
      await Promise.all(Array.from({ length: 40 }, () => admin.session.get('/api/auth/me')));
      rate = Number((await promql(gatewayRate)).body.data?.result[0]?.value[1] ?? 0);
    }
    expect(rate).toBeGreaterThan(0);

    await signIn(page, admin);
    const ops = await new OpsPage(page).open();
    const requests = ops.metrics.getByRole('figure', { name: 'Request rate' });
    // The newest gateway figure in the chart's legend is no longer zero.
    await requests.locator('li', { hasText: /^gateway\s*[1-9]|^gateway\s*0\.\d*[1-9]/ }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'ops-under-load');
    // Up to a minute of traffic before Prometheus has scraped it, then the page's 5 s refresh.
  }, 180_000);
});

describe('operations page on a phone', () => {
  const session = useBrowser(viewports.phone);

  it('shows the failed job with its error and Retry on a narrow screen', async () => {
    const { page } = session;
    const [admin, uploader] = await Promise.all([seedAdmin(), seedMember()]);
    const id = runId();
    const failed = await seedFailedProcessingJob(
      uploader.session,
      pdfFile('Examen.pdf', [`Daily examen ${id}`, 'Gratitude, review, sorrow, hope.']),
      `Daily examen ${id}`,
    );

    await signIn(page, admin);
    const ops = await new OpsPage(page).open();
    await ops.heading.waitFor();
    await ops.service('library').waitFor();
    const row = ops.failedJob(failed.jobId);
    await row.getByRole('button', { name: `Retry job ${failed.jobId}` }).waitFor();
    await screenshot(page, 'ops-failed-job-phone');
    await expectAccessible(page, 'operations on a phone');

    // Leaves nothing failed behind for other specs: the file back, the job retried through the API.
    await failed.restoreFile();
    expect((await admin.session.post(`/api/ops/failed-jobs/${failed.queue}/${failed.jobId}/retry`)).status).toBe(200);
    await processedForReview(uploader.session, failed.resource.id);
  });
});
