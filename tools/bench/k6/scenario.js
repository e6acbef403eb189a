// One k6 script for every scenario of the bench (tools/bench/bench.mjs prepares its data, runs it once per phase).
// Every iteration sends one request taken from the scenario's request list: reads go round the list (many distinct
// members), writes take each entry once (check-in flips, join pairs… never repeated), so what was written can be
// counted afterwards.
//
// Env: SCENARIO, BASE_URL, DATA_DIR (tokens.json, requests-<SCENARIO>.json), SUMMARY_FILE, EXECUTOR (vus | rate |
// once), VUS, DURATION, RATE, OFFSET (first request index, for a second phase of writes), KIND (read | write).
import http from 'k6/http';
import exec from 'k6/execution';
import { SharedArray } from 'k6/data';
import { Counter } from 'k6/metrics';

const env = __ENV;
const scenario = env.SCENARIO;
const unique = env.KIND === 'write';
const offset = Number(env.OFFSET || 0);
const tokens = new SharedArray('tokens', () => JSON.parse(open(`${env.DATA_DIR}/tokens.json`)));
const requests = new SharedArray('requests', () => JSON.parse(open(`${env.DATA_DIR}/requests-${scenario}.json`)));
const files = new SharedArray('files', () => {
  const list = JSON.parse(open(`${env.DATA_DIR}/requests-${scenario}.json`));
  return list.some((r) => r.upload) ? JSON.parse(open(`${env.DATA_DIR}/upload-files.json`)) : [];
});

const status5xx = new Counter('status_5xx');
const writesOk = new Counter('writes_ok');
const writesFailed = new Counter('writes_failed');
const exhausted = new Counter('requests_exhausted');

const vus = Number(env.VUS || 10);
const executors = {
  // Closed model: `vus` members at once, each sending the next request as soon as the last one is answered.
  vus: { executor: 'constant-vus', vus, duration: env.DURATION || '30s' },
  // Open model: requests arrive at RATE per second whatever the answers take (the "half of maximum" phase).
  rate: {
    executor: 'constant-arrival-rate',
    rate: Number(env.RATE || 10),
    timeUnit: '1s',
    duration: env.DURATION || '30s',
    preAllocatedVUs: Math.max(vus, Math.ceil(Number(env.RATE || 10) / 5)),
    maxVUs: Math.max(vus * 4, 50),
  },
  // Writes with a closed model: each request of the list once, or until DURATION is over.
  once: (() => {
    const iterations = Math.max(1, Math.min(Number(env.ITERATIONS || 1e9), requests.length - offset));
    // k6 refuses more VUs than iterations (a short list, e.g. the smoke's few join pairs).
    return { executor: 'shared-iterations', vus: Math.min(vus, iterations), iterations, maxDuration: env.DURATION || '30s' };
  })(),
};

export const options = {
  scenarios: { [scenario]: executors[env.EXECUTOR || 'vus'] },
  summaryTrendStats: ['avg', 'min', 'med', 'max', 'p(90)', 'p(95)', 'p(99)'],
  discardResponseBodies: true,
  // The bench reports; it never fails a run on a figure.
  thresholds: {},
  noConnectionReuse: false,
  userAgent: 'abide-bench/k6',
};

export default function () {
  const index = exec.scenario.iterationInTest + offset;
  if (unique && index >= requests.length) {
    exhausted.add(1);
    return;
  }
  const r = requests[index % requests.length];
  const headers = {};
  if (r.m !== undefined && r.m !== null) headers.authorization = `Bearer ${tokens[r.m]}`;
  if (r.ip) headers['x-forwarded-for'] = r.ip;
  if (r.key) headers['idempotency-key'] = r.key;
  const params = { headers, tags: { name: scenario } };
  let res;
  if (r.upload) {
    const file = files[r.upload.file];
    const body = { ...r.upload.fields, file: http.file(file.content, file.name, 'text/plain') };
    res = http.post(`${env.BASE_URL}${r.path}`, body, params);
  } else if (r.body !== undefined) {
    headers['content-type'] = 'application/json';
    res = http.request(r.method || 'POST', `${env.BASE_URL}${r.path}`, JSON.stringify(r.body), params);
  } else {
    res = http.request(r.method || 'GET', `${env.BASE_URL}${r.path}`, null, params);
  }
  if (res.status >= 500) status5xx.add(1);
  if (unique) {
    if (res.status >= 200 && res.status < 300) writesOk.add(1);
    else writesFailed.add(1);
  }
}

export function handleSummary(data) {
  const reqs = data.metrics.http_reqs?.values ?? { count: 0, rate: 0 };
  const d = data.metrics.http_req_duration?.values ?? {};
  const line = `${scenario}: ${reqs.count} requests, ${reqs.rate.toFixed(1)}/s, p50 ${Number(d.med ?? 0).toFixed(1)} ms, p95 ${Number(d['p(95)'] ?? 0).toFixed(1)} ms\n`;
  return { [env.SUMMARY_FILE]: JSON.stringify(data), stdout: line };
}
