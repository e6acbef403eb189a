import type { NewEvent } from '@abide/event-store';
import { deciderSpec } from '@abide/event-store/src/testing/decider-specification';
import { logoDecider } from './logo.decider';

const { given } = deciderSpec(logoDecider);
const replaced = (logoId: string): NewEvent => ({
  type: 'library.logo.replaced',
  subjectId: null,
  data: { churchId: 'c1', logoId, contentType: 'image/png', bytes: 10, replacedBy: 'admin' },
});
const removed: NewEvent = { type: 'library.logo.removed', subjectId: null, data: { churchId: 'c1', logoId: 'l1', removedBy: 'admin' } };
const replace = (logoId: string) => ({
  type: 'ReplaceLogo' as const,
  churchId: 'c1',
  logoId,
  contentType: 'image/png' as const,
  bytes: 10,
  by: 'admin',
});

describe('logo decider', () => {
  it('records every new logo, with no subject: the logo stays when the admin’s account goes', () => {
    given([])
      .when(replace('l1'))
      .then([replaced('l1')]);
    given([replaced('l1')])
      .when(replace('l2'))
      .then([replaced('l2')]);
  });

  it('removes the current logo, and does nothing when there is none or it is already removed', () => {
    given([replaced('l1')])
      .when({ type: 'RemoveLogo', churchId: 'c1', by: 'admin' })
      .then([removed]);
    given([]).when({ type: 'RemoveLogo', churchId: 'c1', by: 'admin' }).thenNothing();
    given([replaced('l1'), removed])
      .when({ type: 'RemoveLogo', churchId: 'c1', by: 'admin' })
      .thenNothing();
  });
});
