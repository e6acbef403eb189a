import { KeyedMutex } from './keyed-mutex';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe(KeyedMutex.name, () => {
  it('returns results in order and never overlaps work on one key', async () => {
    const sut = new KeyedMutex();
    const log: string[] = [];
    const job = (name: string) => async () => {
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      return name;
    };
    expect(await Promise.all([sut.run('k', job('a')), sut.run('k', job('b'))])).toEqual(['a', 'b']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b']);
  });

  it('runs different keys side by side', async () => {
    const sut = new KeyedMutex();
    const log: string[] = [];
    const job = (name: string) => async () => {
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
    };
    await Promise.all([sut.run('a', job('a')), sut.run('b', job('b'))]);
    expect(log.slice(0, 2)).toEqual(['start a', 'start b']);
  });

  it('releases the key when the work fails', async () => {
    const sut = new KeyedMutex();
    await expect(sut.run('k', async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await sut.run('k', async () => 'next')).toBe('next');
  });
});
