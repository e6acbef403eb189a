import { compareEntryIds, decodeCursor, encodeCursor } from './live-cursor';
import { bufferLostSince } from './live-streams';

describe('the live cursor (Last-Event-ID)', () => {
  it('reads back what it wrote, and refuses what is not a cursor', () => {
    const cursor = { epoch: '3f2a91c0d4e5', positions: ['1732540000000-0', '0-0'] };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const text of [undefined, '', 'abc', '3f2a91c0d4e5', '3f2a_12', 'XYZ_1-0', `3f_${'1-0_'.repeat(200)}1-0`]) {
      expect(decodeCursor(text)).toBeUndefined();
    }
  });

  it('orders entry ids by time, then sequence, beyond what a double holds', () => {
    expect(compareEntryIds('1-5', '2-0')).toBe(-1);
    expect(compareEntryIds('2-10', '2-9')).toBe(1);
    expect(compareEntryIds('18446744073709551615-1', '18446744073709551615-1')).toBe(0);
    expect(compareEntryIds('18446744073709551614-0', '18446744073709551615-0')).toBe(-1);
  });
});

describe('whether the buffer kept everything since a cursor', () => {
  const head = (firstId: string | null, entriesAdded = 3, length = 3) => ({ lastId: '9-0', firstId, entriesAdded, length });

  it('did while the client’s own entry is still there (trimming takes the oldest first)', () => {
    expect(bufferLostSince('5-0', head('3-0', 300, 100))).toBe(false);
    expect(bufferLostSince('5-0', head('5-0'))).toBe(false);
  });

  it('did not once the client’s own entry is gone: trimmed, or the buffer expired and began again', () => {
    expect(bufferLostSince('5-0', head('7-0', 300, 100))).toBe(true);
    expect(bufferLostSince('5-0', head('7-0'))).toBe(true);
    expect(bufferLostSince('5-0', head(null, 0, 0))).toBe(true);
  });

  it('from an empty buffer (0-0), only a trim loses anything', () => {
    expect(bufferLostSince('0-0', head(null, 0, 0))).toBe(false);
    expect(bufferLostSince('0-0', head('7-0'))).toBe(false);
    expect(bufferLostSince('0-0', head('7-0', 260, 60))).toBe(true);
  });
});
