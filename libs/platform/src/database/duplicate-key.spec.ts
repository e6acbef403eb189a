import { isDuplicateKeyError } from './duplicate-key';

describe(isDuplicateKeyError.name, () => {
  it('returns true when the error or one of its write errors is E11000', () => {
    expect(isDuplicateKeyError({ code: 11000 })).toBe(true);
    expect(isDuplicateKeyError({ errorResponse: { code: 11000 } })).toBe(true);
    expect(isDuplicateKeyError({ writeErrors: [{ err: { code: 11000 } }] })).toBe(true);
    expect(isDuplicateKeyError({ writeErrors: [{ code: 11000 }] })).toBe(true);
  });

  it('returns false for other errors', () => {
    expect(isDuplicateKeyError(new Error('boom'))).toBe(false);
    expect(isDuplicateKeyError({ code: 121 })).toBe(false);
    expect(isDuplicateKeyError(undefined)).toBe(false);
  });
});
