import { generateSync } from 'otplib';

const PERIOD_SECONDS = 30;

/**
 * A member's authenticator app in tests: it holds the secret from enrolment and gives a code identity will take. Identity
 * refuses a code of a time step already used (replay), and takes the step after the current one, so a test that signs
 * in twice within 30 s gets the next step's code, and waits for the clock only when that one is spent too.
 */
export class Authenticator {
  private lastStep = -1;

  constructor(readonly secret: string) {}

  /** A code for a step not used before by this authenticator (the current one, or the next). */
  async nextCode(): Promise<string> {
    const current = Math.floor(Date.now() / 1000 / PERIOD_SECONDS);
    const step = Math.max(current, this.lastStep + 1);
    // Identity takes one step ahead of its clock; beyond that, wait until the step after is the next one.
    const waitMs = (step - 1) * PERIOD_SECONDS * 1000 - Date.now();
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs + 50));
    this.lastStep = step;
    return this.codeAt(step);
  }

  /** Another device (a seed in another process) may have used codes up to `step`: take none of them. */
  usedThrough(step: number): this {
    this.lastStep = Math.max(this.lastStep, step);
    return this;
  }

  /** The code of a given time step (a replay, an old code), without marking it used. */
  codeAt(step: number): string {
    return generateSync({ secret: this.secret, period: PERIOD_SECONDS, epoch: step * PERIOD_SECONDS });
  }

  get currentStep(): number {
    return Math.floor(Date.now() / 1000 / PERIOD_SECONDS);
  }
}
