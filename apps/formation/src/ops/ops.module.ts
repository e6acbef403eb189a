import { type DynamicModule, Module } from '@nestjs/common';
import { queues } from '@abide/contracts';
import { FailedJobs } from '@abide/platform';
import type { FormationConfig } from '../config/env.schema';
import { FORMATION_FAILED_JOBS, OpsController } from './ops.controller';

/** Formation's operations routes (admins only): the failed jobs of its three queues, its dead letters. */
@Module({})
export class OpsModule {
  static forRoot(config: FormationConfig): DynamicModule {
    return {
      module: OpsModule,
      controllers: [OpsController],
      providers: [
        {
          provide: FORMATION_FAILED_JOBS,
          useFactory: () =>
            new FailedJobs('formation', {
              redisUrl: config.REDIS_URL,
              prefix: `${config.REDIS_KEY_PREFIX}:bull`,
              queueNames: [queues.formationPlanRollover, queues.formationNudgeScan, queues.formationNudgeDelivery],
            }),
        },
      ],
    };
  }
}
