import { z } from 'zod';
import { ConfigError, loadConfig } from './load-config';

describe(loadConfig.name, () => {
  const schema = z.object({ PORT: z.coerce.number().int(), MONGO_URL: z.string().url() });

  it('returns the typed configuration when every variable is valid', () => {
    expect(loadConfig('svc', schema, { PORT: '3001', MONGO_URL: 'mongodb://127.0.0.1:27017' })).toEqual({
      PORT: 3001,
      MONGO_URL: 'mongodb://127.0.0.1:27017',
    });
  });

  it('names every missing and invalid variable in one message', () => {
    const sut = () => loadConfig('identity', schema, { PORT: 'abc' });

    expect(sut).toThrow(ConfigError);
    expect(sut).toThrow(/identity: configuration is incomplete:\n {2}- PORT is invalid .*\n {2}- MONGO_URL is not set/);
  });
});
