export * from './idempotency-store';
export * from './idempotency.module';
export { IDEMPOTENCY_WAIT_MS, SealedAnswers } from './idempotency.interceptor';
