// A real browser against a real stack on a 2-core machine has timing noise no wait can fully remove:
// a browser spec gets two more tries, and Jest logs each failed try, so a spec that is really broken still fails
// and a flaky one stays visible in the output.
if (expect.getState().testPath?.includes('/apps/web-e2e/')) {
  jest.retryTimes(2, { logErrorsBeforeRetry: true });
}
