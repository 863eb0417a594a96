import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';

/**
 * A server marks the database file it serves with `<file>.server-pid`, so that operator commands
 * that must not run under a live server (restore) can refuse. A mark whose process is gone is stale.
 * A pid alone does not name a process for long: after `kill -9` it can linger as a zombie, and after a
 * reboot another program may hold it. So the mark also records the process's start time (clock ticks
 * after boot, from /proc) and the boot's id, and a process that is a zombie, started at another time or
 * in another boot is not the server that wrote it. Where /proc is missing, a live pid is trusted.
 */
const lockFileOf = (databaseFile: string) => `${databaseFile}.server-pid`;

interface ServerMark {
  pid: number;
  startTicks?: string;
  bootId?: string;
}

export function serverHoldingDatabase(databaseFile: string): number | null {
  const markFile = lockFileOf(databaseFile);
  let mark: ServerMark | undefined;
  try {
    mark = parseMark(readFileSync(markFile, 'utf8'));
  } catch {
    return null;
  }
  if (!mark || !isAlive(mark.pid)) return null;
  const running = procStat(mark.pid);
  if (!running) return mark.pid;
  if (running.state === 'Z' || running.state === 'X') return null;
  if (mark.startTicks !== undefined) {
    return mark.startTicks === running.startTicks && mark.bootId === bootId() ? mark.pid : null;
  }
  // A mark of the pid alone (written before start times were recorded): its process cannot have started after it.
  return startedAtMs(running.startTicks) > statSync(markFile).mtimeMs + 2_000 ? null : mark.pid;
}

/** Marks the file as served by this process; throws when another live server already serves it. */
export function claimDatabaseForServer(databaseFile: string): () => void {
  const holder = serverHoldingDatabase(databaseFile);
  if (holder !== null && holder !== process.pid) {
    throw new Error(`Another server (pid ${holder}) is already serving ${databaseFile}.`);
  }
  const mark: ServerMark = { pid: process.pid, startTicks: procStat(process.pid)?.startTicks, bootId: bootId() };
  writeFileSync(lockFileOf(databaseFile), JSON.stringify(mark));
  return () => rmSync(lockFileOf(databaseFile), { force: true });
}

function parseMark(text: string): ServerMark | undefined {
  const trimmed = text.trim();
  const mark: ServerMark = /^\d+$/.test(trimmed) ? { pid: Number(trimmed) } : JSON.parse(trimmed);
  return Number.isInteger(mark.pid) && mark.pid > 0 ? mark : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The state and start time of a process, from /proc/<pid>/stat (fields 3 and 22; the name may hold spaces). */
function procStat(pid: number): { state: string; startTicks: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, startTicks: fields[19]! };
  } catch {
    return undefined;
  }
}

function bootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** /proc counts in USER_HZ, which Linux fixes at 100 for every program's view. */
function startedAtMs(startTicks: string): number {
  const bootSeconds = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]);
  return (bootSeconds + Number(startTicks) / 100) * 1000;
}
