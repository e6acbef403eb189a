import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Projection, ProjectionRunner } from '@abide/event-store';
import { ChurchesOfMember } from '../../memberships/memberships.port';
import { churchFiguresEventTypes, ChurchFiguresStore, type MembershipEvent } from './church-figures.store';

type Handled = (typeof churchFiguresEventTypes)[number];

/**
 * The pastor's dashboard figures follow the church's membership facts: a member who shares with the church is counted
 * from their activity, one who stops sharing or leaves is taken out of every week kept.
 */
@Injectable()
export class ChurchFiguresProjection implements Projection<Handled>, OnModuleInit {
  /**
   * Renamed when who belongs began to follow each church stream in order, and again when each member's sharing choice
   * moved onto it (#26): filled again from the log at the first start.
   */
  readonly name = 'church-figures-v3';
  readonly handles = churchFiguresEventTypes;
  readonly backfill = true;

  constructor(
    private readonly store: ChurchFiguresStore,
    private readonly memberChurches: ChurchesOfMember,
    private readonly runner: ProjectionRunner,
  ) {}

  /**
   * It reads members' activity (an application provider that the global event-sourcing module cannot inject), so the
   * application provides it and hands it to the runner here, before the runner first heals or backfills.
   */
  onModuleInit(): void {
    this.runner.register([this]);
  }

  async apply(event: MembershipEvent): Promise<void> {
    // The runner feeds projections side by side; the member's churches must be written before their activity is read
    // (see ChurchFiguresStore), so that projection's change is applied here first. It is idempotent: whichever of the
    // two comes second finds it done.
    await this.memberChurches.apply(event);
    await this.store.membership(event);
  }

  reset(): Promise<void> {
    return this.store.reset();
  }
}
