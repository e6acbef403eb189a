import { maxPosition, replayStart } from './replay-plan';

describe(replayStart.name, () => {
  it('returns the checkpoint minus the margin, never below zero', () => {
    expect(replayStart(5000, 1000)).toBe(4000);
    expect(replayStart(10, 1000)).toBe(0);
  });
});

describe(maxPosition.name, () => {
  it('returns the highest position, or 0 for no events', () => {
    expect(maxPosition([{ position: 3 }, { position: 9 }, { position: 4 }])).toBe(9);
    expect(maxPosition([])).toBe(0);
  });
});
