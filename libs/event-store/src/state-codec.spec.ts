import { decodeState, encodeState } from './state-codec';

describe(encodeState.name, () => {
  it('returns the same Maps, Sets and Dates when decoded, nested too', () => {
    const sut = {
      exists: true,
      entries: new Map([['2026-01-01', { completed: true, note: null }]]),
      skipDates: new Set(['2026-01-02']),
      createdAt: new Date('2026-01-01T08:00:00.000Z'),
      members: new Map([['u1', { roles: new Set(['owner']) }]]),
      list: [1, 'two', null],
    };
    expect(decodeState(encodeState(sut))).toEqual(sut);
  });

  it('returns plain values untouched', () => {
    expect(decodeState(encodeState({ a: 1, b: 'x', c: [{ d: false }] }))).toEqual({ a: 1, b: 'x', c: [{ d: false }] });
  });
});
