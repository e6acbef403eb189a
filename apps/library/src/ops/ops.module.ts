import { type DynamicModule, Module } from '@nestjs/common';
import { queues } from '@abide/contracts';
import { FailedJobs } from '@abide/platform';
import type { LibraryConfig } from '../config/env.schema';
import { LIBRARY_FAILED_JOBS, OpsController } from './ops.controller';

/** The library's operations routes (admins only): the failed jobs of its processing queue, its dead letters. */
@Module({})
export class OpsModule {
  static forRoot(config: LibraryConfig): DynamicModule {
    return {
      module: OpsModule,
      controllers: [OpsController],
      providers: [
        {
          provide: LIBRARY_FAILED_JOBS,
          useFactory: () =>
            new FailedJobs('library', {
              redisUrl: config.REDIS_URL,
              prefix: `${config.REDIS_KEY_PREFIX}:bull`,
              queueNames: [queues.libraryResourceProcessing],
            }),
        },
      ],
    };
  }
}
