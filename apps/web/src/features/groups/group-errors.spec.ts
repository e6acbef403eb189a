import { groupMessages } from '@abide/contracts';
import { failureDescription } from './group-errors';

const problem = (status: number, detail?: string) => ({
  status,
  data: { type: 'about:blank', title: 'Refused', status, code: 'CONFLICT', detail },
});

describe(failureDescription.name, () => {
  it("returns the server's words for a refusal the member can act on", () => {
    expect(failureDescription(problem(409, groupMessages.limitReached(1)))).toBe(groupMessages.limitReached(1));
  });

  it('returns the generic line for a server fault, a lost connection or a 4xx without a detail', () => {
    expect(failureDescription(problem(500, 'An unexpected error occurred.'))).toBe('Please try again.');
    expect(failureDescription({ status: 'FETCH_ERROR', error: 'Failed to fetch' })).toBe('Please try again.');
    expect(failureDescription(problem(403))).toBe('Please try again.');
  });
});
