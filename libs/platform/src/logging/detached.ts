import { AsyncResource } from 'node:async_hooks';

// Captured when this module loads, outside any request: its async context carries no request id.
const background = new AsyncResource('abide.background');

/**
 * Runs `work` outside the async context of the request that happens to start it, so background work (an outbox
 * cycle kicked by a write, a catch-up after a failed update) and everything it schedules later does not log under
 * that request's id.
 */
export const runDetached = <T>(work: () => T): T => background.runInAsyncScope(work);
