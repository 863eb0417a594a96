import cliProgress from 'cli-progress';

export interface ProgressBar {
  /** `done` of `total` units; a `null` total (unknown size) grows with `done`. */
  update(done: number, total: number | null): void;
  stop(): void;
}

export interface ProgressBarOptions {
  /**
   * What is in progress, e.g. the collection being imported, for one bar of a sequence: shown before the
   * bar (`label [bar] value/total unit`), and the bar is cleared when stopped to make room for the next.
   * Without a label: `bar percentage% | value/total unit`, left on screen.
   */
  label?: string;
  /** Show the bar at 0 of this total right away, rather than from the first update. */
  total?: number;
}

/** A progress bar on stderr, only when stderr is a terminal (never in pipes, logs or tests). */
export function progressBar(unit: string, options: ProgressBarOptions = {}): ProgressBar | undefined {
  if (!process.stderr.isTTY) return undefined;
  const { label, total: initialTotal } = options;
  const bar = new cliProgress.SingleBar(
    label === undefined
      ? { format: `{bar} {percentage}% | {value}/{total} ${unit}`, stream: process.stderr, hideCursor: true }
      : {
          stream: process.stderr,
          format: `{label} [{bar}] {value}/{total} ${unit}`,
          hideCursor: true,
          clearOnComplete: true,
        },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  const start = (total: number) => {
    bar.start(total, 0, label === undefined ? undefined : { label });
    started = true;
  };
  if (initialTotal !== undefined) start(initialTotal);
  return {
    update(done, total) {
      if (!started) start(total ?? done);
      bar.setTotal(total ?? Math.max(done, 1));
      bar.update(done);
    },
    stop: () => started && bar.stop(),
  };
}
