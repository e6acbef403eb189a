import { hashString, pickWeighted, seededRandom, shuffled } from './seeded-random';

describe(seededRandom.name, () => {
  it('returns the same sequence when given the same seed', () => {
    const a = seededRandom('member-1:2025-03-09');
    const b = seededRandom('member-1:2025-03-09');
    expect(Array.from({ length: 5 }, a)).toEqual(Array.from({ length: 5 }, b));
  });

  it('returns different sequences when given different seeds', () => {
    expect(seededRandom('a')()).not.toBe(seededRandom('b')());
  });

  it('returns numbers in [0, 1) spread across the range', () => {
    const random = seededRandom(42);
    const values = Array.from({ length: 10_000 }, random);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
  });
});

describe(hashString.name, () => {
  it('returns an unsigned 32-bit integer that differs for near-identical texts', () => {
    expect(hashString('abc')).not.toBe(hashString('abd'));
    expect(Number.isInteger(hashString('x')) && hashString('x') >= 0).toBe(true);
  });
});

describe(pickWeighted.name, () => {
  it('returns items in proportion to their weights', () => {
    const random = seededRandom('weights');
    const counts = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 6000; i++) counts[pickWeighted(['a', 'b', 'c'] as const, (x) => (x === 'a' ? 1 : x === 'b' ? 2 : 0), random)!]++;
    expect(counts.c).toBe(0);
    expect(counts.b / counts.a).toBeGreaterThan(1.7);
    expect(counts.b / counts.a).toBeLessThan(2.3);
  });

  it('returns undefined when no item has weight', () => {
    expect(pickWeighted([1, 2], () => 0, seededRandom(1))).toBeUndefined();
  });
});

describe(shuffled.name, () => {
  it('returns a permutation and leaves the input alone', () => {
    const input = [1, 2, 3, 4, 5, 6];
    const sut = shuffled(input, seededRandom('s'));
    expect([...sut].sort()).toEqual(input);
    expect(input).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
