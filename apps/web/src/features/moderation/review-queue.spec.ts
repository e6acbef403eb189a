import type { ReviewItem } from '@abide/contracts';
import { causeLabel, oldestFirst, selectedItem } from './review-queue';

const item = (id: string, queuedAt: string, extra: Partial<ReviewItem> = {}) =>
  ({ id, queuedAt, cause: 'submitted', reports: [], ...extra }) as ReviewItem;

describe(oldestFirst.name, () => {
  it('returns the queue with the longest-waiting item first', () => {
    const sut = oldestFirst([item('b', '2026-11-22T10:00:00Z'), item('a', '2026-11-21T09:00:00Z'), item('c', '2026-11-22T11:00:00Z')]);
    expect(sut.map((i) => i.id)).toEqual(['a', 'b', 'c']);
  });
});

describe(selectedItem.name, () => {
  it('returns the chosen item while it is queued, else the first', () => {
    const items = [item('a', '1'), item('b', '2')];
    expect(selectedItem(items, 'b')?.id).toBe('b');
    expect(selectedItem(items, 'gone')?.id).toBe('a');
    expect(selectedItem([], 'a')).toBeNull();
  });
});

describe(causeLabel.name, () => {
  it('returns why the item is queued, with the number of reports', () => {
    expect(causeLabel(item('a', '1'))).toBe('New upload');
    expect(causeLabel(item('a', '1', { cause: 'reports', reports: [{ reason: 'x', reportedAt: '1' }] }))).toBe('Reported once');
    expect(
      causeLabel(
        item('a', '1', {
          cause: 'reports',
          reports: [
            { reason: 'x', reportedAt: '1' },
            { reason: 'y', reportedAt: '2' },
          ],
        }),
      ),
    ).toBe('Reported 2 times');
  });
});
