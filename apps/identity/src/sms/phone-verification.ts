import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { errorCodes } from '@abide/contracts';
import {
  type Allowance,
  DailyAllowances,
  DomainError,
  HealthRegistry,
  isTransientError,
  RedisConnection,
  SmsRefused,
  type SmsSender,
  utcDay,
} from '@abide/platform';
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { SmsPermissions } from './sms-permissions';
import { VerifiedNumbers } from './verified-numbers';

export const IDENTITY_SMS_SENDER = Symbol('IDENTITY_SMS_SENDER');

const UNAVAILABLE = 'Phone numbers cannot be verified just now. Please try again in a minute.';

/**
 * Counts the try and answers the code's hash in one step, so replicas racing on one code never allow more tries than
 * the limit; a code that expired (or was never sent) answers -1 and is not brought back to life by the count.
 */
const TRY_CODE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return {-1, false} end
local tries = redis.call('HINCRBY', KEYS[1], 'tries', 1)
return {tries, redis.call('HGET', KEYS[1], 'hash')}
`;

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

const tooMany = (detail: string, retryAfterSeconds: number) =>
  new DomainError(errorCodes.rateLimited, 429, 'Too many requests', detail, undefined, { 'retry-after': String(retryAfterSeconds) });

/**
 * Proving a phone number is the member's: a 6-digit code texted to it, typed back within PHONE_CODE_TTL_SECONDS and
 * PHONE_CODE_MAX_ATTEMPTS tries. The code lives in Redis (hashed, with its tries), keyed by member and number, so it
 * proves only that number for only that member. Codes are limited per member and per number per UTC day with atomic
 * Redis counters, so neither a member nor many accounts together can turn the platform on someone's phone.
 */
@Injectable()
export class PhoneVerification implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(PhoneVerification.name);
  private readonly redis: RedisConnection;
  private readonly allowances: DailyAllowances;
  private readonly prefix: string;

  constructor(
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(IDENTITY_SMS_SENDER) private readonly sms: SmsSender,
    private readonly permissions: SmsPermissions,
    private readonly verified: VerifiedNumbers,
    private readonly health: HealthRegistry,
  ) {
    this.redis = new RedisConnection(config.REDIS_URL, 'phone-verification', 'requests');
    this.allowances = new DailyAllowances(() => this.redis.client);
    this.prefix = `${config.REDIS_KEY_PREFIX}:identity:phone-verification`;
  }

  onModuleInit(): void {
    this.health.add(this.redis.healthCheck());
  }

  onModuleDestroy(): void {
    this.redis.close();
  }

  /** Texts a new code to `number` (E.164) for the member; an earlier code for it stops working. */
  async send(userId: string, number: string, now = new Date()): Promise<{ expiresAt: Date }> {
    await this.permissions.assertMayTextCode(number);
    const { day, secondsLeft } = utcDay(now.getTime());
    // The member's and the number's codes of the day, charged together or not at all.
    const charge: Allowance[] = [
      { key: `${this.prefix}:sent:member:${userId}:${day}`, limit: this.config.PHONE_CODES_PER_MEMBER_PER_DAY, amount: 1 },
      { key: `${this.prefix}:sent:number:${sha256(number)}:${day}`, limit: this.config.PHONE_CODES_PER_NUMBER_PER_DAY, amount: 1 },
    ];
    const refused = await this.call(() => this.allowances.charge(charge, secondsLeft + 86_400));
    if (refused) {
      throw tooMany(
        refused.index === 0
          ? 'You have asked for too many codes today. Try again tomorrow.'
          : 'Too many codes have been sent to this number today. Try again tomorrow.',
        secondsLeft,
      );
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const key = this.codeKey(userId, number);
    const ttl = this.config.PHONE_CODE_TTL_SECONDS;
    await this.call(() => this.redis.client.multi().del(key).hset(key, 'hash', this.hashOf(userId, number, code), 'tries', 0).expire(key, ttl).exec());
    const minutes = Math.round(ttl / 60);
    try {
      await this.sms.send({
        to: number,
        text: `Abide: your code is ${code}. It works for ${minutes} minutes. If you did not ask for it, ignore this text.`,
        idempotencyKey: `phone-verification:${userId}:${now.getTime()}`,
      });
    } catch (error) {
      await this.call(() => this.redis.client.del(key));
      // A code that never left does not count against anyone's day.
      await this.allowances.giveBack(charge).catch(() => undefined);
      if (error instanceof SmsRefused) {
        this.logger.warn({ code: error.code }, 'verification code refused by the provider');
        throw DomainError.validation([{ field: 'phoneNumber', message: 'We could not text this number. Check it, or use another mobile number.' }]);
      }
      this.logger.warn({ err: error }, 'verification code not sent');
      throw DomainError.unavailable('We could not send the code just now. Please try again in a minute.', 60);
    }
    return { expiresAt: new Date(now.getTime() + ttl * 1000) };
  }

  /** Checks the code typed for `number`; a right one records the number as the member's, once. */
  async confirm(userId: string, number: string, code: string): Promise<void> {
    const key = this.codeKey(userId, number);
    const [tries, hash] = (await this.call(() => this.redis.client.eval(TRY_CODE, 1, key))) as [number, string | null];
    if (tries < 0 || !hash) {
      throw DomainError.validation([{ field: 'code', message: 'This code has expired, or none was sent to this number. Send a new code.' }]);
    }
    const max = this.config.PHONE_CODE_MAX_ATTEMPTS;
    if (tries > max) throw tooMany('Too many wrong codes for this number. Send a new code to try again.', 60);
    const expected = Buffer.from(hash);
    const given = Buffer.from(this.hashOf(userId, number, code));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      const left = max - tries;
      throw new DomainError(errorCodes.invalidCode, 400, 'Invalid request', 'That code is not right.', [
        {
          field: 'code',
          message:
            left > 0
              ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`
              : 'That code is not right, and that was the last try. Send a new code.',
        },
      ]);
    }
    await this.call(() => this.redis.client.del(key));
    await this.verified.add(userId, number);
  }

  private hashOf(userId: string, number: string, code: string): string {
    return sha256(`${userId}:${number}:${code}`);
  }

  private codeKey(userId: string, number: string): string {
    return `${this.prefix}:code:${userId}:${sha256(number)}`;
  }

  private async call<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      if (isTransientError(error)) throw DomainError.unavailable(UNAVAILABLE, 30);
      throw error;
    }
  }
}
