// A progress bar for the long commands (seed, catalogue import): redrawn in place on a terminal;
// in a log (output not a terminal) one line per tenth of the work, not hundreds.
import type { Writable } from "node:stream";

const BAR_WIDTH = 30;

export interface ProgressBar {
  /** `share` of the work done (0 to 1); `detail` says what ("12,000 rows"). */
  update(share: number, detail: string): void;
  /** Ends the bar's line. */
  done(): void;
}

export function progressBar(output: Writable & { isTTY?: boolean }, started = performance.now()): ProgressBar {
  let lastTenth = -1;
  let drawn = false;
  const line = (share: number, detail: string) => {
    const bar = "#".repeat(Math.round(share * BAR_WIDTH)).padEnd(BAR_WIDTH, ".");
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    return `[${bar}] ${detail} (${Math.round(share * 100)}%) ${seconds}s`;
  };
  return {
    update(share, detail) {
      if (output.isTTY) {
        output.write(`\r${line(share, detail)}`);
        drawn = true;
        return;
      }
      const tenth = Math.floor(share * 10);
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      output.write(`${line(share, detail)}\n`);
    },
    done() {
      if (drawn) output.write("\n");
      drawn = false;
    },
  };
}
