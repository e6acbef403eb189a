import { Inject, Injectable } from '@nestjs/common';
import { type PrometheusResponse } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';

const TIMEOUT_MS = 10_000;

/** Only the two read endpoints of Prometheus's HTTP API are ever asked (never its admin API). */
export type PrometheusEndpoint = 'query' | 'query_range';

/** Prometheus's HTTP API for the operations page's charts: its JSON passed on, a clear 503 when it does not answer. */
@Injectable()
export class Prometheus {
  private readonly base: string;

  constructor(@Inject(IDENTITY_CONFIG) config: IdentityConfig) {
    this.base = config.PROMETHEUS_URL;
  }

  async query(endpoint: PrometheusEndpoint, params: Record<string, string>): Promise<{ status: number; body: PrometheusResponse }> {
    const url = new URL(`/api/v1/${endpoint}`, this.base);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    let response: Response;
    try {
      response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw this.unreachable(error);
    }
    // Prometheus answers a bad query with 400/422 and its own `error`; anything that is not its JSON is an outage.
    const body = (await response.json().catch(() => undefined)) as PrometheusResponse | undefined;
    if (!body || typeof body.status !== 'string') throw this.unreachable(new Error(`answered ${response.status} without its JSON`));
    if (response.status === 400 || response.status === 422) {
      const message = `Prometheus refused the query: ${body.error ?? body.errorType ?? 'bad request'}`;
      throw DomainError.validation([{ field: 'query', message }], message);
    }
    if (response.status >= 500) throw this.unreachable(new Error(body.error ?? `answered ${response.status}`));
    return { status: response.status, body };
  }

  /** Whether Prometheus answers (its readiness endpoint), for the health answer. */
  async ready(): Promise<{ status: 'ok' } | { status: 'failing'; detail: string }> {
    try {
      const response = await fetch(new URL('/-/ready', this.base), { signal: AbortSignal.timeout(2000) });
      return response.ok ? { status: 'ok' } : { status: 'failing', detail: `answered ${response.status}` };
    } catch (error) {
      return { status: 'failing', detail: `no answer at ${this.base}: ${(error as Error).message}` };
    }
  }

  private unreachable(error: unknown): DomainError {
    return DomainError.unavailable(
      `The metrics engine (Prometheus at ${this.base}) is not answering: ${(error as Error).message}. Charts are unavailable until it is back.`,
    );
  }
}
