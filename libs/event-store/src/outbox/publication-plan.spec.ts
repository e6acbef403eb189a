import type { StoredEvent } from '../stored-event';
import { planPublication } from './publication-plan';

const event = (type: string, streamId: string, position: number): StoredEvent => ({
  id: `e${position}`,
  type,
  schemaVersion: 1,
  streamId,
  version: position,
  occurredAt: '2025-01-01T00:00:00.000Z',
  subjectId: null,
  correlationId: 'c',
  causationId: null,
  data: {},
  position,
});

describe(planPublication.name, () => {
  it('returns one batch per topic keeping position order inside each', () => {
    const topicFor = (type: string) => type.split('.').slice(0, 2).join('.');
    const sut = planPublication(
      [event('a.x.one', 's1', 1), event('b.y.one', 's2', 2), event('a.x.two', 's1', 3), event('b.y.two', 's2', 4)],
      topicFor,
    );
    expect(sut.map((b) => [b.topic, b.events.map((e) => e.position)])).toEqual([
      ['a.x', [1, 3]],
      ['b.y', [2, 4]],
    ]);
  });
});
