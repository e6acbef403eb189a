import { type DynamicModule, Module } from '@nestjs/common';
import { queues } from '@abide/contracts';
import { DeadLetterOpsModule } from '@abide/messaging';
import { FailedJobsOpsModule } from '@abide/platform';
import type { FormationConfig } from '../config/env.schema';

/** Formation's operations routes (admins only): the failed jobs of its three queues, its dead letters. */
@Module({})
export class OpsModule {
  static forRoot(config: FormationConfig): DynamicModule {
    return {
      module: OpsModule,
      imports: [
        FailedJobsOpsModule.forQueues('formation', {
          redisUrl: config.REDIS_URL,
          prefix: `${config.REDIS_KEY_PREFIX}:bull`,
          queueNames: [queues.formationPlanRollover, queues.formationNudgeScan, queues.formationNudgeDelivery],
        }),
        DeadLetterOpsModule.forService('formation'),
      ],
    };
  }
}
