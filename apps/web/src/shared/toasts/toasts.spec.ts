// antd's context object only (an ES module Jest's CommonJS runtime does not load); the forwarding is what is tested.
jest.mock('antd/es/app/context', () => ({ __esModule: true, default: {} }));
jest.mock('./ToastHost', () => ({}));

import { toastHostReady, toasts, type ToastApi } from './toasts';

describe('toasts before the holder is there', () => {
  it('answers a dialog with a handle whose destroy reaches the real dialog once the holder has come', async () => {
    const destroy = jest.fn();
    // A page asks before the holder loaded, and closes the dialog at once (a blocked navigation settled).
    const early = toasts.modal.confirm({ title: 'Leave with unsaved changes?' });
    expect(() => early.destroy()).not.toThrow();
    toastHostReady({ modal: { confirm: () => ({ destroy, update: jest.fn() }) } } as unknown as ToastApi);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(destroy).toHaveBeenCalledTimes(1);
  });
});
