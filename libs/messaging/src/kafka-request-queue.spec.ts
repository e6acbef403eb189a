/**
 * kafkajs's per-connection request queue, as patched (patches/kafkajs+2.2.4.patch): idle, it leaves no timer behind,
 * where 2.2.4 re-armed a 1 ms check forever (a busy loop per broker connection in every idle service); a request
 * queued behind a throttle is still sent once the throttle ends.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- an internal module of kafkajs, which has no types for it
const RequestQueue = require('kafkajs/src/network/requestQueue') as new (options: object) => {
  throttledUntil: number;
  checkPendingRequests(): void;
  push(request: object): void;
  destroy(): void;
};

const quietLogger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const newQueue = () =>
  new RequestQueue({ maxInFlightRequests: null, requestTimeout: 30_000, enforceRequestTimeout: false, clientId: 'spec', broker: 'localhost:9092', logger: quietLogger });
const request = (correlationId: number, sendRequest: () => void) => ({
  entry: { correlationId, apiKey: 1, apiName: 'Fetch', apiVersion: 11 },
  expectResponse: true,
  requestTimeout: 30_000,
  sendRequest,
});

describe("kafkajs's request queue (patched)", () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('arms no timer once nothing is queued, however long the connection stays idle', () => {
    const queue = newQueue();
    queue.checkPendingRequests(); // as after each answer
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(1_000);
    expect(jest.getTimerCount()).toBe(0);
    queue.destroy();
  });

  it('sends a request queued behind a throttle when the throttle ends', () => {
    const queue = newQueue();
    const sent = jest.fn();
    queue.throttledUntil = Date.now() + 50;
    queue.push(request(1, sent));
    jest.advanceTimersByTime(40);
    expect(sent).not.toHaveBeenCalled();
    jest.advanceTimersByTime(20);
    expect(sent).toHaveBeenCalledTimes(1);
    expect(jest.getTimerCount()).toBe(0);
    queue.destroy();
  });
});
