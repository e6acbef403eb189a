// Peak memory per process during the measured part of a run: resident set size (VmRSS) read from /proc every
// `everyMs`, the highest seen kept per process. Also the kernel's own high-water mark (VmHWM, since the process began).
import { readFileSync } from 'node:fs';

const statusOf = (pid) => {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN);
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return null;
  }
};

/** @param {Record<string, number>} pids name → pid */
export const startMemorySampler = (pids, everyMs = 1000) => {
  const peak = Object.fromEntries(Object.keys(pids).map((name) => [name, { peakMb: 0, samples: 0 }]));
  const sample = () => {
    for (const [name, pid] of Object.entries(pids)) {
      const status = statusOf(pid);
      if (!status || Number.isNaN(status.rss)) continue;
      const entry = peak[name];
      entry.peakMb = Math.max(entry.peakMb, Math.round(status.rss / 1024));
      entry.hwmMb = Math.round(status.hwm / 1024);
      entry.samples++;
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
};
