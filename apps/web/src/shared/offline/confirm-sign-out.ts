import { toasts } from '../toasts/toasts';
import { changesText } from './write-queue-hooks';

/** "3 changes have not been sent yet. Sign out and discard them?" */
export const unsentQuestion = (count: number): string =>
  `${changesText(count)} ${count === 1 ? 'has' : 'have'} not been sent yet. Sign out and discard ${count === 1 ? 'it' : 'them'}?`;

/**
 * Signing out drops the member's queue from this browser (journal text never outlives the session), so with writes
 * still waiting it asks first: no click loses work without asking. Answers whether to go on.
 */
export function confirmSignOut(pending: number): Promise<boolean> {
  if (pending === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    toasts.modal.confirm({
      title: unsentQuestion(pending),
      content: 'They are kept on this device until you are back online. Signing out now removes them for good.',
      okText: 'Sign out and discard',
      okButtonProps: { danger: true },
      cancelText: 'Stay signed in',
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
