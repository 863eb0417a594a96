import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/**
 * A server marks the database file it serves with `<file>.server-pid`, so that operator commands
 * that must not run under a live server (restore) can refuse. A mark whose process is gone is stale.
 */
const lockFileOf = (databaseFile: string) => `${databaseFile}.server-pid`;

export function serverHoldingDatabase(databaseFile: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(lockFileOf(databaseFile), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** Marks the file as served by this process; throws when another live server already serves it. */
export function claimDatabaseForServer(databaseFile: string): () => void {
  const holder = serverHoldingDatabase(databaseFile);
  if (holder !== null && holder !== process.pid) {
    throw new Error(`Another server (pid ${holder}) is already serving ${databaseFile}.`);
  }
  writeFileSync(lockFileOf(databaseFile), String(process.pid));
  return () => rmSync(lockFileOf(databaseFile), { force: true });
}
