import { decideCreateProfile, foldProfile } from './profile.decider';

describe('decideCreateProfile', () => {
  it('returns a created event when the member has no profile yet', () => {
    const sut = decideCreateProfile(foldProfile([]), { userId: 'u1', displayName: 'Ruth' });
    expect(sut).toEqual([
      { type: 'formation.profile.created', subjectId: 'u1', data: { userId: 'u1', displayName: 'Ruth' } },
    ]);
  });

  it('returns nothing when the profile already exists', () => {
    const sut = decideCreateProfile(foldProfile([{ type: 'formation.profile.created' }]), { userId: 'u1', displayName: 'Ruth' });
    expect(sut).toEqual([]);
  });
});
