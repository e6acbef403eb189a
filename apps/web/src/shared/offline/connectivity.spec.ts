import { createConnectivity, type ConnectivitySource } from './connectivity';

/** The window's online/offline events and navigator.onLine, driven by the test. */
function fakeBrowser() {
  const handlers: Record<string, (() => void)[]> = { online: [], offline: [] };
  let onLine = true;
  const source: ConnectivitySource = {
    onLine: () => onLine,
    addEventListener: (type, listener) => void handlers[type].push(listener),
  };
  const go = (state: 'online' | 'offline') => {
    onLine = state === 'online';
    handlers[state].forEach((handler) => handler());
  };
  return { source, go };
}

describe('connectivity', () => {
  it('follows the browser going offline and back', () => {
    const browser = fakeBrowser();
    const connectivity = createConnectivity(browser.source);
    const seen: boolean[] = [];
    connectivity.subscribe(() => seen.push(connectivity.isOnline()));

    browser.go('offline');
    browser.go('online');

    expect(seen).toEqual([false, true]);
  });

  it('counts a request that failed on the network as offline while the browser still says online, until one gets through', () => {
    const browser = fakeBrowser();
    const connectivity = createConnectivity(browser.source);
    const seen: boolean[] = [];
    connectivity.subscribe(() => seen.push(connectivity.isOnline()));

    connectivity.reportReachable(false);
    connectivity.reportReachable(false);
    expect(connectivity.isOnline()).toBe(false);
    connectivity.reportReachable(true);

    expect(connectivity.isOnline()).toBe(true);
    expect(seen).toEqual([false, true]);
  });

  it('gives requests their chance again when the network comes back', () => {
    const browser = fakeBrowser();
    const connectivity = createConnectivity(browser.source);

    connectivity.reportReachable(false);
    browser.go('offline');
    browser.go('online');

    expect(connectivity.isOnline()).toBe(true);
  });
});
