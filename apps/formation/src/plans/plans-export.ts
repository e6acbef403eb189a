import { Injectable } from '@nestjs/common';
import type { SpiritualPlan } from '@abide/contracts';
import { toSpiritualPlan } from './plan-view';
import { PlanProjection } from './projections/plan.projection';

/** Formation's plans for "Download my data" (the account export wires it in). */
@Injectable()
export class PlansExport {
  constructor(private readonly plans: PlanProjection) {}

  async forUser(userId: string): Promise<{ plans: SpiritualPlan[] }> {
    return { plans: (await this.plans.allOf(userId)).map(toSpiritualPlan) };
  }
}
