/** The current instant; injected so tests move time forward instead of waiting. */
export type Clock = () => Date;
export const CLOCK = Symbol('CLOCK');
