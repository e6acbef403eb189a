import { type DynamicModule, Module } from '@nestjs/common';
import { queues } from '@abide/contracts';
import { DeadLetterOpsModule } from '@abide/messaging';
import { FailedJobsOpsModule } from '@abide/platform';
import type { LibraryConfig } from '../config/env.schema';

/** The library's operations routes (admins only): the failed jobs of its processing queue, its dead letters. */
@Module({})
export class OpsModule {
  static forRoot(config: LibraryConfig): DynamicModule {
    return {
      module: OpsModule,
      imports: [
        FailedJobsOpsModule.forQueues('library', {
          redisUrl: config.REDIS_URL,
          prefix: `${config.REDIS_KEY_PREFIX}:bull`,
          queueNames: [queues.libraryResourceProcessing],
        }),
        DeadLetterOpsModule.forService('library'),
      ],
    };
  }
}
