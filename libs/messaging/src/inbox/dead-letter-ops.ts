import type { DeadLetter, DeadLetterReplay, OpsService } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import type { RawPublisher } from '../event-publisher';
import type { DeadLetterDocument, DeadLetterStore } from './dead-letter-store';

export const toDeadLetterView = (service: OpsService, letter: DeadLetterDocument): DeadLetter => ({
  service,
  id: letter._id,
  consumer: letter.consumer,
  topic: letter.topic,
  partition: letter.partition,
  offset: letter.offset,
  eventId: letter.eventId,
  eventType: letter.eventType,
  reason: letter.reason,
  failedAt: new Date(letter.failedAt).toISOString(),
  replayedAt: letter.replayedAt ? new Date(letter.replayedAt).toISOString() : null,
});

/** A service's dead letters as the operations API shows them; a replay of an unknown one is a 404. */
export class DeadLetterOps {
  constructor(
    private readonly service: OpsService,
    private readonly store: DeadLetterStore,
    private readonly publisher: RawPublisher,
  ) {}

  async list(): Promise<DeadLetter[]> {
    return (await this.store.list()).map((letter) => toDeadLetterView(this.service, letter));
  }

  /** Replays once; a second replay sends nothing and answers `republished: false` (safe to repeat). */
  async replay(id: string): Promise<DeadLetterReplay> {
    const result = await this.store.replay(id, this.publisher);
    if (result.outcome === 'not-found') throw DomainError.notFound('This dead letter');
    return { republished: result.outcome === 'replayed', deadLetter: toDeadLetterView(this.service, result.letter) };
  }
}
