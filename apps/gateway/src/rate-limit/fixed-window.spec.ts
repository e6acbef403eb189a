import { fixedWindow } from './fixed-window';

describe('fixedWindow', () => {
  it('returns the same window for instants inside it and the next one at its end', () => {
    expect(fixedWindow(0, 300).index).toBe(0);
    expect(fixedWindow(299_999, 300).index).toBe(0);
    expect(fixedWindow(300_000, 300).index).toBe(1);
  });

  it('returns the whole seconds left, at least 1', () => {
    expect(fixedWindow(0, 300).secondsLeft).toBe(300);
    expect(fixedWindow(299_001, 300).secondsLeft).toBe(1);
    expect(fixedWindow(299_999, 300).secondsLeft).toBe(1);
  });
});
