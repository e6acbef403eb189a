import { eventEnvelopeSchema } from '@abide/contracts';
import { RedisChannel } from '@abide/platform';
import type { StoredEvent } from '../stored-event';

/**
 * How an instance that does not hold the relay's lease hands the events it stored, and whose read models it updated,
 * to the instance that does: that one publishes them and deletes their outbox entries in one write, so the sender
 * neither clears the read models' duty nor leaves the events waiting for the holder's next poll. A hint: if it is
 * lost, the entries keep their duty, the heal applies them again (which changes nothing) and the relay publishes
 * them once its wait for their request is over.
 */
export interface OutboxHandoff {
  /** Sends the events to whoever holds the lease; false when they cannot leave now (the caller clears the duty). */
  send(events: readonly StoredEvent[]): boolean;
  /** Calls `receive` with what instances send (this one included). */
  listen(receive: (events: StoredEvent[]) => void): void;
  close(): void;
}

/** The handoff over a Redis channel of the service's own (its key prefix, so stacks sharing a Redis stay apart). */
export const redisOutboxHandoff = (url: string, keyPrefix: string, service: string): OutboxHandoff => {
  const channel = new RedisChannel(url, `outbox-handoff-${service}`, `${keyPrefix}:outbox-handoff:${service}`);
  return {
    send: (events) => channel.send(JSON.stringify(events)),
    listen: (receive) => channel.listen((message) => receive(eventsIn(message))),
    close: () => channel.close(),
  };
};

/** The events of a message, each a well-formed envelope; anything else is dropped (its entry is published from the outbox). */
const eventsIn = (message: string): StoredEvent[] => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter((item) => eventEnvelopeSchema.safeParse(item).success) as StoredEvent[];
};
