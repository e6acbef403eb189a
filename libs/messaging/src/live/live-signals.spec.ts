import { liveSignalSchema } from '@abide/contracts';
import type { RawMessage } from '../event-publisher';
import { LiveSignals } from './live-signals';

const sentBy = () => {
  const sent: Array<{ topic: string; messages: readonly RawMessage[] }> = [];
  let failures = 0;
  return {
    sent,
    failNext: (n: number) => (failures = n),
    publisher: {
      publishRaw: async (topic: string, messages: readonly RawMessage[]) => {
        if (failures-- > 0) throw new Error('broker away');
        sent.push({ topic, messages });
      },
    },
  };
};
const signals = (sent: ReturnType<typeof sentBy>['sent']) =>
  sent.flatMap((s) => s.messages.map((m) => liveSignalSchema.parse(JSON.parse(String(m.value)))));

describe('LiveSignals', () => {
  it('sends a valid signal keyed by what changed, members once each, a large audience in parts', async () => {
    const { sent, publisher } = sentBy();
    const live = new LiveSignals(publisher);
    live.tell({ members: ['a', 'b', 'a'] }, { kind: 'group', groupId: 'g1' }, 'req-1');
    live.tell({ members: Array.from({ length: 1200 }, (_, i) => `m${i}`) }, { kind: 'notifications' });
    await live.drained();

    expect(sent[0].topic).toBe('live.signal.v1');
    expect(sent[0].messages[0].key).toBe('group:g1');
    const [first, ...rest] = signals(sent);
    expect(first).toMatchObject({ audience: { members: ['a', 'b'] }, change: { kind: 'group', groupId: 'g1' }, correlationId: 'req-1' });
    expect(rest.map((s) => ('members' in s.audience ? s.audience.members.length : 0))).toEqual([500, 500, 200]);
  });

  it('never throws at the caller: it retries while Kafka is away and sends in order once it is back', async () => {
    const { sent, publisher, failNext } = sentBy();
    failNext(2);
    const live = new LiveSignals(publisher);
    live.tell({ role: 'moderation' }, { kind: 'review-queue' });
    live.tell({ members: ['a'] }, { kind: 'upload', resourceId: 'r1' });
    await live.drained();

    expect(signals(sent).map((s) => s.change.kind)).toEqual(['review-queue', 'upload']);
  });

  it('keeps at most maxQueued waiting, dropping the oldest', async () => {
    const { sent, publisher, failNext } = sentBy();
    failNext(1);
    const live = new LiveSignals(publisher, { maxQueued: 2 });
    for (const groupId of ['g1', 'g2', 'g3']) live.tell({ members: ['a'] }, { kind: 'group', groupId });
    await live.drained();

    expect(signals(sent).map((s) => (s.change.kind === 'group' ? s.change.groupId : ''))).toEqual(['g2', 'g3']);
  });
});
