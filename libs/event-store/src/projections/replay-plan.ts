/**
 * Positions come from a counter before the insert, so a concurrent writer's smaller position can become
 * visible after a larger one was applied and checkpointed. Replaying a margin below the checkpoint picks
 * such stragglers up; idempotent projections make the overlap harmless.
 */
export const replayStart = (checkpoint: number, safetyMargin: number): number => Math.max(0, checkpoint - safetyMargin);

export const maxPosition = (events: readonly { position: number }[]): number =>
  events.reduce((max, event) => Math.max(max, event.position), 0);
