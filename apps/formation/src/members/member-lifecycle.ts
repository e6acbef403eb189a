import { Injectable } from '@nestjs/common';

export interface CommandMeta {
  correlationId: string;
  causationId?: string | null;
}

/** What a feature does when a member's life in formation changes. Each part is optional. */
export interface MemberLifecycleListener {
  /** The member finished onboarding (again, possibly: handlers must be idempotent). */
  onboarded?(userId: string, at: Date, meta: CommandMeta): Promise<void>;
  /** Account deletion: forget everything the feature keeps of the member outside formation's event log. */
  forget?(userId: string): Promise<void>;
  /** Fields of the feature's events that are personal, erased from the log when the member deletes their account. */
  personalFields?: readonly string[];
}

/**
 * Members tell the features that depend on them about onboarding and deletion, without knowing those features:
 * each feature module registers itself here (plans make the first plan, the journal and the bell forget), so the
 * dependency points one way only, towards members.
 */
@Injectable()
export class MemberLifecycleListeners {
  private readonly listeners: MemberLifecycleListener[] = [];

  listen(listener: MemberLifecycleListener): void {
    this.listeners.push(listener);
  }

  personalFields(): string[] {
    return this.listeners.flatMap((l) => l.personalFields ?? []);
  }

  /** In registration order; a failure fails the delivery, so the event is retried (every handler is idempotent). */
  async onboarded(userId: string, at: Date, meta: CommandMeta): Promise<void> {
    for (const listener of this.listeners) await listener.onboarded?.(userId, at, meta);
  }

  async forget(userId: string): Promise<void> {
    for (const listener of this.listeners) await listener.forget?.(userId);
  }
}
