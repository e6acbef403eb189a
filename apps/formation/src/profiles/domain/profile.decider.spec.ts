import type { NewEvent } from '@abide/event-store';
import { deciderSpec } from '@abide/event-store/src/testing/decider-specification';
import { profileDecider } from './profile.decider';

const { given } = deciderSpec(profileDecider);
const created: NewEvent = { type: 'formation.profile.created', subjectId: 'u1', data: { userId: 'u1', displayName: 'Ruth' } };

describe('profile decider', () => {
  it('creates the profile when the member has none yet, and does nothing for a second registration', () => {
    given([]).when({ type: 'CreateProfile', userId: 'u1', displayName: 'Ruth' }).then([created]);
    given([created]).when({ type: 'CreateProfile', userId: 'u1', displayName: 'Naomi' }).thenNothing();
  });

  it('renames when the name changes, and does nothing when it is the same', () => {
    given([created])
      .when({ type: 'RenameProfile', userId: 'u1', displayName: 'Ruth of Moab' })
      .then([{ type: 'formation.profile.renamed', subjectId: 'u1', data: { userId: 'u1', displayName: 'Ruth of Moab' } }]);
    given([created]).when({ type: 'RenameProfile', userId: 'u1', displayName: 'Ruth' }).thenNothing();
  });

  it('creates the profile when the rename arrives before the registration', () => {
    given([]).when({ type: 'RenameProfile', userId: 'u1', displayName: 'Ruth' }).then([created]);
  });
});
