import { Controller, type DynamicModule, Get, HttpCode, Inject, Module, Param, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Roles } from '@abide/auth';
import type { DeadLetterReplay, DeadLetters, OpsService } from '@abide/contracts';
import { KafkaPublisher } from '../kafka-publisher';
import { DeadLetterOps } from './dead-letter-ops';
import { InboxConsumer } from './inbox-consumer';

const DEAD_LETTER_OPS = Symbol('DEAD_LETTER_OPS');

/**
 * A service's dead letters for the operations API, asked by identity on an admin's behalf (internal: the gateway
 * routes `/api/ops` to identity; docs/architecture.md, "Operations").
 */
@ApiExcludeController()
@Roles('admin')
@Controller('ops')
class DeadLettersController {
  constructor(@Inject(DEAD_LETTER_OPS) private readonly deadLetters: DeadLetterOps) {}

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

/** The dead-letter routes of a service that consumes events (formation, the library, community). */
@Module({})
export class DeadLetterOpsModule {
  static forService(service: OpsService): DynamicModule {
    return {
      module: DeadLetterOpsModule,
      controllers: [DeadLettersController],
      providers: [
        {
          provide: DEAD_LETTER_OPS,
          useFactory: (inbox: InboxConsumer, publisher: KafkaPublisher) => new DeadLetterOps(service, inbox.deadLetterStore, publisher),
          inject: [InboxConsumer, KafkaPublisher],
        },
      ],
    };
  }
}
