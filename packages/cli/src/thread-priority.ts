import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * The answer worker's niceness. Small reads are answered on the main thread; on a machine whose cores are busy, a
 * large build beside them took their turns: at 600 req/s of the mix, the p99 of Qibla, Hijri and one ayah was
 * 29–31 ms with the worker at the main thread's priority and 18–28 ms at 10, and the closed loop's throughput did
 * not change (the worker still has every core the main thread leaves).
 */
export const ANSWER_WORKER_NICENESS = 10;

/**
 * Gives the calling thread alone that niceness, where the system lets a thread have its own (Linux: a thread is a
 * task, named by /proc/thread-self); elsewhere the thread keeps the process's.
 */
export function lowerThisThreadsPriority(niceness: number): void {
  try {
    const taskId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(taskId) && taskId > 0) setPriority(taskId, niceness);
  } catch {
    // No /proc/thread-self (not Linux), or the system refused: the process's priority stays.
  }
}
