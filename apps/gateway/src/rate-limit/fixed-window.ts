/** Fixed-window counting: the key of the window `now` falls in, and the seconds until that window ends. */
export const fixedWindow = (nowMs: number, windowSeconds: number): { index: number; secondsLeft: number } => {
  const windowMs = windowSeconds * 1000;
  const index = Math.floor(nowMs / windowMs);
  return { index, secondsLeft: Math.max(1, Math.ceil(((index + 1) * windowMs - nowMs) / 1000)) };
};
