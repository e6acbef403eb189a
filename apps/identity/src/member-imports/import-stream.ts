import { Injectable } from '@nestjs/common';
import { type Aggregate, CommandRunner, EventStore, type AppendMeta, type NewEvent, type StoredEvent } from '@abide/event-store';
import { memberImportDecider, type MemberImportState } from './domain/member-import.decider';

export const importStreamId = (importId: string) => `member-import-${importId}`;

/** Every change of an import goes through the command runner on its stream (its head's snapshot is one keyed read). */
@Injectable()
export class ImportStream {
  constructor(
    private readonly runner: CommandRunner,
    private readonly eventStore: EventStore,
  ) {}

  async execute(importId: string, decide: (state: MemberImportState) => NewEvent[], meta: AppendMeta): Promise<StoredEvent[]> {
    return (await this.runner.run(importStreamId(importId), memberImportDecider, decide, meta)).events;
  }

  load(importId: string): Promise<Aggregate<MemberImportState>> {
    return this.eventStore.aggregate(importStreamId(importId), memberImportDecider);
  }
}
