import { buildDeadLetter } from './dead-letter';

describe(buildDeadLetter.name, () => {
  const info = { reason: 'invalid JSON', consumer: 'c', topic: 't', partition: 2, failedAt: new Date('2025-01-01T00:00:00Z') };

  it('returns the original bytes, key and headers plus the reason and source', () => {
    const sut = buildDeadLetter({ key: 'k', value: Buffer.from('oops'), offset: '17', headers: { 'x-event-type': 'a.b.c' } }, info);
    expect(sut.key).toBe('k');
    expect(sut.value).toEqual(Buffer.from('oops'));
    expect(sut.headers).toMatchObject({
      'x-event-type': 'a.b.c',
      'x-dlq-reason': 'invalid JSON',
      'x-dlq-consumer': 'c',
      'x-dlq-source-topic': 't',
      'x-dlq-source-partition': '2',
      'x-dlq-source-offset': '17',
    });
  });

  it('returns JSON text when Nest had decoded the value into an object', () => {
    expect(buildDeadLetter({ value: { a: 1 } }, info).value).toBe('{"a":1}');
  });
});
