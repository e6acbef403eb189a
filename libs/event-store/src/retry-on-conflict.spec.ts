import { ConcurrencyError } from './errors';
import { retryOnConflict } from './retry-on-conflict';

describe(retryOnConflict.name, () => {
  it('returns the result when a later attempt wins the race', async () => {
    let calls = 0;
    const sut = () => retryOnConflict(async () => (++calls < 3 ? Promise.reject(new ConcurrencyError('s', 1)) : 'ok'), 3);
    await expect(sut()).resolves.toBe('ok');
    expect(calls).toBe(3);
  });

  it('rethrows the ConcurrencyError when every attempt loses', async () => {
    let calls = 0;
    const sut = retryOnConflict(async () => {
      calls++;
      throw new ConcurrencyError('s', 1);
    }, 3);
    await expect(sut).rejects.toBeInstanceOf(ConcurrencyError);
    expect(calls).toBe(3);
  });

  it('does not retry other errors', async () => {
    let calls = 0;
    const sut = retryOnConflict(async () => {
      calls++;
      throw new Error('db down');
    }, 3);
    await expect(sut).rejects.toThrow('db down');
    expect(calls).toBe(1);
  });
});
