// CPU time of processes and of a server's threads, read from /proc (Linux), in seconds.
import { readdirSync, readFileSync } from 'node:fs';

/**
 * The fields of /proc/<pid>/stat after the command's name: [0] state, [1] ppid, [11] utime, [12] stime, [13] cutime,
 * [14] cstime (clock ticks of 1/100 s), [16] nice.
 */
const statFieldsOf = (file: string) => readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
const statFields = (pid: number) => statFieldsOf(`/proc/${pid}/stat`);

const ticksOf = (fields: string[]) => Number(fields[11]) + Number(fields[12]);

/** The CPU seconds of a process: all its threads, those that have ended included. */
export const cpuSeconds = (pid: number): number => ticksOf(statFields(pid)) / 100;

const livePids = () =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);

/** Processes whose command line (arguments joined by spaces) `matches`. */
export function processesMatching(matches: (commandLine: string) => boolean): number[] {
  return livePids().filter((pid) => {
    try {
      return matches(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' '));
    } catch {
      return false;
    }
  });
}

/** The name of a process's command (/proc/<pid>/comm: `postgres`, `redis-server`). */
export const commandOf = (pid: number): string => readFileSync(`/proc/${pid}/comm`, 'utf8').trim();

/**
 * CPU seconds of a process and its children, the live ones and those it has reaped (PostgreSQL's backends end with
 * their connection: their time moves into the postmaster's cutime/cstime).
 */
export function treeCpuSeconds(pid: number): number {
  let ticks = 0;
  for (const each of livePids()) {
    try {
      const fields = statFields(each);
      if (each === pid) ticks += ticksOf(fields) + Number(fields[13]) + Number(fields[14]);
      else if (Number(fields[1]) === pid) ticks += ticksOf(fields);
    } catch {
      // Gone meanwhile.
    }
  }
  return ticks / 100;
}

/** The machine's busy and total time so far, in clock ticks (the first line of /proc/stat: every core). */
export function machineTicks(): { busy: number; total: number } {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/);
  const ticks = fields.slice(0, 8).map(Number);
  const total = ticks.reduce((sum, each) => sum + each, 0);
  return { busy: total - ticks[3]! - ticks[4]!, total }; // idle and iowait
}

/** A server's CPU seconds by thread: its event loop, its answer worker, and the rest. */
export interface ThreadCpu {
  /** The main thread: the event loop, where every request is received, routed and answered. */
  main: number;
  /**
   * The threads at the answer worker's niceness: the worker lowers its own priority (so does the city directory's
   * worker, which is done before a round starts); where the system refuses, the worker counts in `otherThreads`.
   */
  answerWorker: number;
  /** Every other thread, live or ended: V8's helpers (collector, compiler), libuv's pool. */
  otherThreads: number;
}

/** The CPU seconds of a server's threads so far; the answer worker is the thread with `workerNiceness`. */
export function threadCpuSeconds(pid: number, workerNiceness: number): ThreadCpu {
  let [main, answerWorker] = [0, 0];
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      const fields = statFieldsOf(`/proc/${pid}/task/${task}/stat`);
      if (Number(task) === pid) main = ticksOf(fields) / 100;
      else if (Number(fields[16]) === workerNiceness) answerWorker += ticksOf(fields) / 100;
    } catch {
      // Ended meanwhile: its time is in the process's, so in `otherThreads`.
    }
  }
  return { main, answerWorker, otherThreads: cpuSeconds(pid) - main - answerWorker };
}
