/**
 * What a service's process guards log (at `fatal`) when a failure escapes every handler (libs/platform
 * process-guards.ts): the test stacks look for these lines in the services' logs (libs/testing stack-processes.ts).
 */
export const strayFailureMessages = {
  rejection: 'a promise rejected with nothing awaiting it; the process keeps serving',
  exception: 'an exception escaped every handler; the process keeps serving',
} as const;
