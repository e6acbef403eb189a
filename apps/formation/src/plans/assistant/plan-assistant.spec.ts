import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateWeeklyPlan } from '../domain/plan-generator';
import { PlanAssistant } from './plan-assistant';

const request = { goals: ['Deeper prayer life'], preferences: ['prayer'], weekStart: '2026-03-01', seed: 'u1' };
// What a well-behaved model would answer: a valid week (here borrowed from the built-in generator, renamed).
const assistantPlan = { ...generateWeeklyPlan({ ...request, seed: 'other' }), theme: 'Psalms of Ascent' };

let server: Server;
let baseUrl: string;
let answer: (req: IncomingMessage, res: ServerResponse) => void;
const received: Array<{ url?: string; auth?: string; body: { model: string; messages: unknown[] } }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      received.push({ url: req.url, auth: req.headers.authorization, body: JSON.parse(raw || '{}') });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);
beforeEach(() => (received.length = 0));

const reply = (status: number, body: unknown) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const chat = (content: string) => reply(200, { choices: [{ message: { role: 'assistant', content } }] });
// A loaded machine can take longer than a short timeout to answer: only the fallback cases use one.
const sutWith = (url: string | undefined, timeoutMs = 10_000) =>
  new PlanAssistant({
    PLAN_ASSISTANT_URL: url,
    PLAN_ASSISTANT_KEY: 'sk-test',
    PLAN_ASSISTANT_MODEL: 'test-model',
    PLAN_ASSISTANT_TIMEOUT_MS: timeoutMs,
  });

describe(PlanAssistant.name, () => {
  it('returns the built-in plan without calling anything when no endpoint is configured', async () => {
    const sut = await sutWith(undefined).generate(request);
    expect(sut).toEqual({ plan: generateWeeklyPlan(request), source: 'built-in' });
    expect(received).toEqual([]);
  });

  it('returns the assistant’s plan when its JSON passes the plan schema', async () => {
    answer = chat(JSON.stringify(assistantPlan));
    const sut = await sutWith(baseUrl).generate(request);
    expect(sut.source).toBe('assistant');
    expect(sut.plan.theme).toBe('Psalms of Ascent');
    expect(received[0]).toMatchObject({ url: '/v1/chat/completions', auth: 'Bearer sk-test', body: { model: 'test-model' } });
  });

  it.each([
    ['an error status', reply(500, { error: 'boom' })],
    ['content that is not JSON', chat('Here is your plan: ...')],
    ['a plan of the wrong shape', chat(JSON.stringify({ ...assistantPlan, dailyActivities: assistantPlan.dailyActivities.slice(0, 6) }))],
    ['a plan for another week', chat(JSON.stringify({ ...generateWeeklyPlan({ ...request, weekStart: '2026-03-08' }) }))],
    ['no answer within the timeout', () => undefined],
  ])('falls back to the built-in plan on %s', async (_case, handler) => {
    answer = handler;
    const sut = await sutWith(baseUrl, 300).generate(request);
    expect(sut).toEqual({ plan: generateWeeklyPlan(request), source: 'built-in' });
    expect(received).toHaveLength(1);
  });
});
