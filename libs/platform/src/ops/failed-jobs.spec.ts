import { summariseJobData } from './failed-jobs';

describe(summariseJobData.name, () => {
  it('shows id values and only the names of the other fields', () => {
    expect(summariseJobData({ nudgeKey: 'k1', userId: 'u1', name: 'Ada', channels: ['email'] })).toBe(
      'nudgeKey=k1; userId=u1; other fields: name, channels',
    );
    expect(summariseJobData(undefined)).toBe('');
  });
});
