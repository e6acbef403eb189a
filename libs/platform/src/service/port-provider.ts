import type { ExistingProvider } from '@nestjs/common';

/**
 * Binds a feature's port (an abstract class in its `*.port.ts`, used as the Nest token other features inject) to the
 * class that answers it: `portProvider(HabitWeekQuery, HabitWeekQueries)`. The same instance serves both, and the
 * compiler refuses an implementation that does not fit the port (docs/structure.md, "Ports").
 */
export const portProvider = <T>(
  port: abstract new (...args: never[]) => T,
  implementation: new (...args: never[]) => T,
): ExistingProvider<T> => ({ provide: port, useExisting: implementation });
