import { averageRatingText, sharingSummary } from './figures-text';

describe(sharingSummary.name, () => {
  it('says how many share their progress and how many do not, never "all share" by default', () => {
    expect(sharingSummary(12, 40)).toBe('12 of 40 share their progress; 28 do not');
    expect(sharingSummary(0, 3)).toBe('0 of 3 share their progress; 3 do not');
    expect(sharingSummary(1, 2)).toBe('1 of 2 shares their progress; 1 does not');
    expect(sharingSummary(3, 3)).toBe('3 of 3 share their progress');
    expect(sharingSummary(0, 0)).toBe('No members yet');
  });
});

describe(averageRatingText.name, () => {
  it('returns a dash before anyone has rated', () => {
    expect(averageRatingText(null)).toBe('—');
  });

  it('returns one decimal, without a trailing .0', () => {
    expect(averageRatingText(4.333)).toBe('4.3');
    expect(averageRatingText(4)).toBe('4');
    expect(averageRatingText(3.96)).toBe('4');
  });
});
