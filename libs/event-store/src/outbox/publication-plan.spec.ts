import type { StoredEvent } from '../stored-event';
import { planPublication } from './publication-plan';

const event = (type: string, streamId: string, version: number): StoredEvent =>
  ({
    id: `e${streamId}-${version}`,
    type,
    schemaVersion: 1,
    streamId,
    version,
    occurredAt: '2025-01-01T00:00:00.000Z',
    subjectId: null,
    correlationId: 'c',
    causationId: null,
    data: {},
  }) as StoredEvent;

describe(planPublication.name, () => {
  it('returns one batch per topic keeping each stream in version order', () => {
    const topicFor = (type: string) => type.split('.').slice(0, 2).join('.');
    const sut = planPublication(
      [event('a.x.one', 's1', 1), event('b.y.one', 's2', 1), event('a.x.two', 's1', 2), event('b.y.two', 's2', 2)],
      topicFor,
    );
    expect(sut.map((b) => [b.topic, b.events.map((e) => `${e.streamId}@${e.version}`)])).toEqual([
      ['a.x', ['s1@1', 's1@2']],
      ['b.y', ['s2@1', 's2@2']],
    ]);
  });
});
