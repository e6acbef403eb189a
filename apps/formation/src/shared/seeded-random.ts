/**
 * A small seeded random source so plans and prompts are reproducible: the same seed always gives the
 * same sequence (tests, retries, replays of events), different seeds quickly diverge.
 * cyrb53-style string hash feeding mulberry32; not for anything secret.
 */
export type Random = () => number;

export const hashString = (text: string): number => {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
};

/** A generator of numbers in [0, 1) determined entirely by `seed`. */
export const seededRandom = (seed: string | number): Random => {
  let state = hashString(String(seed));
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** One item drawn with probability proportional to its weight (items of weight 0 are never drawn). */
export const pickWeighted = <T>(items: readonly T[], weightOf: (item: T) => number, random: Random): T | undefined => {
  const weights = items.map((item) => Math.max(0, weightOf(item)));
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total <= 0) return undefined;
  let target = random() * total;
  for (let i = 0; i < items.length; i++) {
    target -= weights[i];
    if (target < 0) return items[i];
  }
  return items[items.length - 1];
};

/** A shuffled copy (Fisher–Yates). */
export const shuffled = <T>(items: readonly T[], random: Random): T[] => {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
};
