import { Injectable } from '@nestjs/common';
import { type Aggregate, CommandHandler, CommandRunner, EventStore, type AppendMeta, type StoredEvent } from '@abide/event-store';
import { type MemberImportCommand, memberImportDecider, type MemberImportState } from './domain/member-import.decider';

export const importStreamId = (importId: string) => `member-import-${importId}`;

/** The import aggregate's command handler: every change of an import is a command decided on its stream (its head's snapshot is one keyed read). */
@Injectable()
export class ImportStream {
  private readonly imports: CommandHandler<MemberImportCommand, MemberImportState>;

  constructor(
    runner: CommandRunner,
    private readonly eventStore: EventStore,
  ) {
    this.imports = new CommandHandler(runner, memberImportDecider, {
      streamOf: (command) => importStreamId(command.importId),
      conflictMessage: 'This import changed at the same moment elsewhere. Please try again.',
    });
  }

  async handle(command: MemberImportCommand, meta: AppendMeta): Promise<StoredEvent[]> {
    return (await this.imports.handle(command, meta)).events;
  }

  load(importId: string): Promise<Aggregate<MemberImportState>> {
    return this.eventStore.aggregate(importStreamId(importId), memberImportDecider);
  }
}
