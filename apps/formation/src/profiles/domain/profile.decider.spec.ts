import type { EventPayload } from '@abide/contracts';
import { decideCreateProfile, decideRenameProfile, foldProfile } from './profile.decider';

describe('decideCreateProfile', () => {
  it('returns a created event when the member has no profile yet', () => {
    const sut = decideCreateProfile(foldProfile([]), { userId: 'u1', displayName: 'Ruth' });
    expect(sut).toEqual([{ type: 'formation.profile.created', subjectId: 'u1', data: { userId: 'u1', displayName: 'Ruth' } }]);
  });

  it('returns nothing when the profile already exists', () => {
    const history: EventPayload[] = [{ type: 'formation.profile.created', data: { userId: 'u1', displayName: 'Ruth' } }];
    expect(decideCreateProfile(foldProfile(history), { userId: 'u1', displayName: 'Ruth' })).toEqual([]);
  });
});

describe('decideRenameProfile', () => {
  const history: EventPayload[] = [{ type: 'formation.profile.created', data: { userId: 'u1', displayName: 'Ruth' } }];

  it('returns a renamed event when the name changes', () => {
    expect(decideRenameProfile(foldProfile(history), { userId: 'u1', displayName: 'Ruth of Moab' })[0].type).toBe(
      'formation.profile.renamed',
    );
  });

  it('returns nothing when the name is the same', () => {
    expect(decideRenameProfile(foldProfile(history), { userId: 'u1', displayName: 'Ruth' })).toEqual([]);
  });

  it('creates the profile when the rename arrives before the registration', () => {
    expect(decideRenameProfile(foldProfile([]), { userId: 'u1', displayName: 'Ruth' })[0].type).toBe('formation.profile.created');
  });
});
