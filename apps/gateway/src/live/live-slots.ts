import type { Redis } from 'ioredis';

/**
 * Takes a slot for one stream in its member's set and its client network's set (sorted sets of stream ids scored by
 * when their lease ends, Redis's own clock): drops leases that ended (a gateway that died holds none for long), then
 * refuses when either set is full, else adds the stream to both. One script, so two gateways cannot both take the last
 * slot. KEYS: member's set, network's set. ARGV: stream id, member limit, network limit, lease ms.
 */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local lease = tonumber(ARGV[4])
for i = 1, 2 do redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now) end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 'member' end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[3]) then return 'network' end
for i = 1, 2 do
  redis.call('ZADD', KEYS[i], now + lease, ARGV[1])
  redis.call('PEXPIRE', KEYS[i], lease)
end
return 'ok'
`;

/** Extends a stream's lease in both sets; a slot already given up (or lost with a restarted Redis) is not taken again. */
const RENEW = `
local t = redis.call('TIME')
local until_ = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) + tonumber(ARGV[2])
for i = 1, 2 do
  if redis.call('ZADD', KEYS[i], 'XX', 'CH', until_, ARGV[1]) == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[2]) end
end
return 1
`;

export interface LiveSlot {
  streamId: string;
  /** The member's set and the client network's set. */
  keys: [string, string];
}

export type SlotRefusal = 'member' | 'network';

/**
 * The open-stream limits per member and per client network, counted in Redis so they hold across gateway instances.
 * A slot is given back when its stream closes, and held under a lease the instance renews while the stream is open:
 * the slots of an instance that died free themselves when their leases end.
 */
export class LiveSlots {
  constructor(
    private readonly redis: Redis,
    private readonly limits: { perMember: number; perNetwork: number; leaseMs: number },
  ) {}

  /** The slot, or which limit is full. */
  async take(slot: LiveSlot): Promise<'ok' | SlotRefusal> {
    const { perMember, perNetwork, leaseMs } = this.limits;
    return (await this.redis.eval(TAKE, 2, ...slot.keys, slot.streamId, perMember, perNetwork, leaseMs)) as 'ok' | SlotRefusal;
  }

  /** Renews the leases of the streams this instance holds open. */
  async renew(slots: Iterable<LiveSlot>): Promise<void> {
    const pipeline = this.redis.pipeline();
    for (const slot of slots) pipeline.eval(RENEW, 2, ...slot.keys, slot.streamId, this.limits.leaseMs);
    await pipeline.exec();
  }

  async giveBack(slot: LiveSlot): Promise<void> {
    await this.redis.multi().zrem(slot.keys[0], slot.streamId).zrem(slot.keys[1], slot.streamId).exec();
  }
}
