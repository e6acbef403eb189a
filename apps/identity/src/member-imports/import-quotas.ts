import { Inject, Injectable } from '@nestjs/common';
import {
  errorCodes,
  type MemberImportAllowance,
  memberImportDailyLimits,
  memberImportLimitMessages,
  type MemberImportQuotaScope,
} from '@abide/contracts';
import { type Allowance, DailyAllowances, DomainError, utcDay } from '@abide/platform';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { ImportQueues } from './import-queues';

/** What one use of the import takes from the day's allowances. */
type Uses = Partial<Record<MemberImportAllowance, number>>;

/** A charge that went through, to give back if the use then fails. */
export type QuotaCharge = readonly Allowance[];

/**
 * The daily limits of member imports (docs/member-imports.md "Daily limits"), per church and per admin: uploads,
 * people invited, resends and texts. Counted in Redis, all of a use's counters at once or none, so concurrent
 * requests on every replica together stay within them; a refusal is a 429 that says what ran out and when it resets.
 */
@Injectable()
export class ImportQuotas {
  private readonly allowances: DailyAllowances;
  private readonly prefix: string;

  constructor(queues: ImportQueues, @Inject(IDENTITY_CONFIG) config: IdentityConfig) {
    this.allowances = new DailyAllowances(() => queues.enqueueRedis.client);
    this.prefix = `${config.REDIS_KEY_PREFIX}:identity:member-import-quota`;
  }

  /** An upload: one import, and its usable rows as people invited. */
  chargeImport(churchId: string, by: string, invitations: number): Promise<QuotaCharge> {
    return this.chargeOrRefuse(churchId, by, { imports: 1, invitations });
  }

  /** A resend: one resend, and each invitation sent again. */
  chargeResend(churchId: string, by: string, invitations: number): Promise<QuotaCharge> {
    return this.chargeOrRefuse(churchId, by, { resends: 1, invitations });
  }

  /** One text with an invitation; false once the day's texts are used up (the e-mail goes alone). */
  async chargeText(churchId: string, by: string): Promise<boolean> {
    return (await this.allowances.charge(this.allowancesOf(churchId, by, { texts: 1 }), utcDay().secondsLeft + 86_400)) === null;
  }

  /** Gives a charge back when what it paid for did not happen (the upload failed after it). */
  async giveBack(charge: QuotaCharge): Promise<void> {
    await this.allowances.giveBack(charge).catch(() => undefined);
  }

  private async chargeOrRefuse(churchId: string, by: string, uses: Uses): Promise<QuotaCharge> {
    const list = this.allowancesOf(churchId, by, uses);
    const { secondsLeft } = utcDay();
    let refused;
    try {
      refused = await this.allowances.charge(list, secondsLeft + 86_400);
    } catch (error) {
      throw DomainError.unavailable(`Invitations cannot be sent right now (${(error as Error).message}). Please try again shortly.`);
    }
    if (!refused) return list;
    const { allowance, scope } = list[refused.index];
    const detail = memberImportLimitMessages.reached(
      allowance as Exclude<MemberImportAllowance, 'texts'>,
      scope,
      refused.left,
      uses[allowance] ?? 0,
      secondsLeft,
    );
    throw new DomainError(errorCodes.rateLimited, 429, 'Daily limit reached', detail, undefined, { 'retry-after': String(secondsLeft) });
  }

  /** Each use's counter for the church and for the admin, today's. */
  private allowancesOf(
    churchId: string,
    by: string,
    uses: Uses,
  ): Array<Allowance & { allowance: MemberImportAllowance; scope: MemberImportQuotaScope }> {
    const { day } = utcDay();
    return (Object.entries(uses) as Array<[MemberImportAllowance, number]>).flatMap(([allowance, amount]) =>
      (['church', 'member'] as const).map((scope) => ({
        allowance,
        scope,
        key: `${this.prefix}:${day}:${scope}:${scope === 'church' ? churchId : by}:${allowance}`,
        limit: memberImportDailyLimits[allowance],
        amount,
      })),
    );
  }
}
