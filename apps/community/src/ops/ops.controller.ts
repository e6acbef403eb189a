import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Roles } from '@abide/auth';
import type { DeadLetterReplay, DeadLetters } from '@abide/contracts';
import { DeadLetterOps, InboxConsumer, KafkaPublisher } from '@abide/messaging';

/**
 * Community's part of the operations API: its dead letters (it runs no job queues), asked by identity on an admin's
 * behalf (internal: the gateway routes `/api/ops` to identity; docs/architecture.md, "Operations").
 */
@ApiExcludeController()
@Roles('admin')
@Controller('ops')
export class OpsController {
  private readonly deadLetters: DeadLetterOps;

  constructor(inbox: InboxConsumer, publisher: KafkaPublisher) {
    this.deadLetters = new DeadLetterOps('community', inbox.deadLetterStore, publisher);
  }

  @Get('dead-letters')
  async listDeadLetters(): Promise<DeadLetters> {
    return { deadLetters: await this.deadLetters.list() };
  }

  @HttpCode(200)
  @Post('dead-letters/:id/replay')
  replay(@Param('id') id: string): Promise<DeadLetterReplay> {
    return this.deadLetters.replay(id);
  }
}
