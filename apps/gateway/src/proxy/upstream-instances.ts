import { rendezvousOrder } from './write-affinity';

/**
 * The instances of one service (its replicas) and the choice among them: round robin over the ones not marked down
 * (or, for a request with an affinity key, the key's own order: write-affinity.ts),
 * and the rule for when a failed attempt may go to another instance. Pure logic over whatever a connection pool is, so
 * it is tested without a gateway (upstream-instances.spec.ts); service-client.ts gives it undici Pools.
 */

/** How long an instance that refused or dropped a connection is left out before it is tried again. */
export const DOWN_FOR_MS = 3000;

export interface UpstreamInstance<P> {
  readonly url: string;
  readonly pool: P;
  /** Until when (epoch ms) it is left out; 0 while it is up. */
  downUntil: number;
}

const codeOf = (error: unknown): string | undefined => {
  let at: unknown = error;
  // undici wraps some socket errors once (`cause`); the code of either level counts.
  for (let depth = 0; depth < 3 && at && typeof at === 'object'; depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR') return code;
    at = (at as { cause?: unknown }).cause;
  }
  return undefined;
};

/** No connection was made, so no byte of the request left the gateway: any request may go to another instance. */
export const neverDelivered = (error: unknown): boolean =>
  ['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL'].includes(codeOf(error) ?? '');

/**
 * The connection broke (the process died or was killed): the instance is gone for now. The service may have received
 * the request, so only a request that is safe to repeat may go to another instance after this.
 */
export const connectionLost = (error: unknown): boolean =>
  neverDelivered(error) || ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED'].includes(codeOf(error) ?? '');

/** Methods whose repetition changes nothing (RFC 9110 §9.2.1 safe methods): the only ones resent after a lost connection. */
const REPEATABLE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request that failed with `error` may be sent to another instance: when it never left the gateway, or when
 * it is a read whose connection broke. `bodySent`: some of its body was handed to the failed connection (then it can
 * be sent nowhere else, whatever the error).
 */
export const mayTryAnother = (method: string, error: unknown, bodySent: boolean): boolean =>
  !bodySent && (neverDelivered(error) || (REPEATABLE_METHODS.has(method.toUpperCase()) && connectionLost(error)));

export class UpstreamInstances<P> {
  readonly instances: readonly UpstreamInstance<P>[];
  private next = 0;

  constructor(
    urls: readonly string[],
    makePool: (url: string) => P,
    private readonly now: () => number = Date.now,
    private readonly downForMs = DOWN_FOR_MS,
  ) {
    if (urls.length === 0) throw new Error('a service needs at least one instance URL');
    this.instances = urls.map((url) => ({ url, pool: makePool(url), downUntil: 0 }));
  }

  /**
   * The order in which one request tries the instances: round robin from the next instance among those up (with an
   * affinity key, the key's order among those up), then the ones marked down, soonest back first (when every instance
   * is down, one is still tried rather than none).
   */
  order(affinity?: string): UpstreamInstance<P>[] {
    const at = this.now();
    let preferred: UpstreamInstance<P>[];
    if (affinity !== undefined) preferred = rendezvousOrder(this.instances, affinity);
    else {
      const start = this.next;
      this.next = (this.next + 1) % this.instances.length;
      preferred = this.instances.map((_, i) => this.instances[(start + i) % this.instances.length]);
    }
    const up = preferred.filter((instance) => instance.downUntil <= at);
    const down = preferred.filter((instance) => instance.downUntil > at).sort((a, b) => a.downUntil - b.downUntil);
    return [...up, ...down];
  }

  /** Leaves an instance out for a while; true when it was up until now (so the caller logs the change once). */
  markDown(instance: UpstreamInstance<P>): boolean {
    const wasUp = instance.downUntil <= this.now();
    instance.downUntil = this.now() + this.downForMs;
    return wasUp;
  }

  /** An instance answered: it is up again. */
  markUp(instance: UpstreamInstance<P>): void {
    instance.downUntil = 0;
  }

  /**
   * Runs `attempt` on one instance after another (order(affinity)) until one answers or `retry(error)` says the request may
   * not go further; an instance whose connection failed is marked down. Throws the last error.
   */
  async send<T>(attempt: (instance: UpstreamInstance<P>) => Promise<T>, retry: (error: unknown) => boolean, affinity?: string): Promise<T> {
    let lastError: unknown;
    for (const instance of this.order(affinity)) {
      try {
        const result = await attempt(instance);
        this.markUp(instance);
        return result;
      } catch (error) {
        lastError = error;
        if (connectionLost(error)) this.onDown(instance, this.markDown(instance), error);
        if (!retry(error)) break;
      }
    }
    throw lastError;
  }

  /** Hook for logging an instance taken out (service-client.ts). */
  onDown: (instance: UpstreamInstance<P>, changed: boolean, error: unknown) => void = () => undefined;
}
