import { deadLetterTopic, topics } from '@abide/contracts';
import { stackTopics } from './provision-topics';

describe(stackTopics.name, () => {
  it('returns every topic of the contracts and its dead-letter topic, under the stack prefix', () => {
    const sut = stackTopics('abide_test.');
    expect(sut).toHaveLength(Object.keys(topics).length * 2);
    expect(sut).toContain('abide_test.identity.user.v1');
    expect(sut).toContain(`abide_test.${deadLetterTopic(topics.communityGroup)}`);
    expect(sut.every((t) => t.startsWith('abide_test.'))).toBe(true);
  });

  it('returns the production names without a prefix', () => {
    expect(stackTopics()).toContain(topics.formationHabit);
  });
});
