import { formatBytes } from './format';
import type { CliStream } from './io';

/** A progress reporter: `update(done)` as work advances, `finish()` once at the end. */
export interface Progress {
  update(done: number): void;
  finish(): void;
}

const NONE: Progress = { update: () => {}, finish: () => {} };

/**
 * A one-line progress bar redrawn in place with `\r` on `stream`, at most every 100 ms: only when `stream` is
 * a terminal (otherwise a no-op, so pipes and logs stay clean). `total` is in bytes.
 */
export function progressBar(stream: CliStream, total: number, label: string): Progress {
  if (!stream.isTTY) return NONE;
  const width = 30;
  let last = 0;
  const draw = (done: number) => {
    const ratio = total > 0 ? Math.min(1, done / total) : 1;
    const filled = Math.round(ratio * width);
    const bar = '#'.repeat(filled) + '-'.repeat(width - filled);
    stream.write(`\r${label} [${bar}] ${(ratio * 100).toFixed(0).padStart(3)}% ${formatBytes(done)} / ${formatBytes(total)}`);
  };
  return {
    update(done) {
      const t = Date.now();
      if (t - last < 100) return;
      last = t;
      draw(done);
    },
    finish() {
      draw(total);
      stream.write('\n');
    },
  };
}
