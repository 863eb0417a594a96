import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { claimDatabaseForServer, serverHoldingDatabase } from '../src/index.js';

/**
 * A process whose only child has exited unreaped: the child's pid stays taken, as a zombie. Perl (Debian's essential
 * perl-base) forks and never waits; a shell's `sleep 0 &` before `exec` had sometimes been reaped by the shell first.
 */
async function withZombie(use: (pid: number) => Promise<void> | void): Promise<void> {
  const script = '$| = 1; my $pid = fork(); exit 0 if $pid == 0; print "$pid\n"; sleep 30';
  const parent = spawn('perl', ['-e', script], { stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const pid = Number(await firstLine(parent));
    const state = () => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0];
    await until(() => state() === 'Z');
    expect(state(), `process ${pid}'s state`).to.equal('Z');
    await use(pid);
  } finally {
    parent.kill('SIGKILL');
  }
}

async function withUnrelatedProcess(use: (pid: number) => Promise<void> | void): Promise<void> {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  try {
    await use(child.pid!);
  } finally {
    child.kill('SIGKILL');
  }
}

const firstLine = (child: ChildProcess) =>
  new Promise<string>((resolve) => child.stdout!.once('data', (chunk: Buffer) => resolve(String(chunk).trim())));

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('sqlite: the server mark <database>.server-pid', function () {
  this.timeout(20_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-server-lock-'));
  const database = path.join(dir, 'test.db');
  const mark = `${database}.server-pid`;
  afterEach(() => rmSync(mark, { force: true }));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('names this live server while it holds the file, and nothing once released', () => {
    const release = claimDatabaseForServer(database);
    expect(serverHoldingDatabase(database)).to.equal(process.pid);
    release();
    expect(serverHoldingDatabase(database)).to.equal(null);
  });

  it('takes a mark whose pid is a zombie (a server killed with -9, not yet reaped) as stale', async () => {
    await withZombie((pid) => {
      writeFileSync(mark, String(pid));
      expect(serverHoldingDatabase(database)).to.equal(null);
      writeFileSync(mark, JSON.stringify({ pid }));
      expect(serverHoldingDatabase(database)).to.equal(null);
      expect(() => claimDatabaseForServer(database)()).not.to.throw();
    });
  });

  it('takes a pid-only mark as stale when its process started after the mark was written (a reused pid)', async () => {
    writeFileSync(mark, '0');
    const anHourAgo = new Date(Date.now() - 3_600_000);
    await withUnrelatedProcess((pid) => {
      writeFileSync(mark, String(pid));
      utimesSync(mark, anHourAgo, anHourAgo);
      expect(serverHoldingDatabase(database)).to.equal(null);
      expect(() => claimDatabaseForServer(database)()).not.to.throw();
    });
  });

  it('takes a mark as stale when its pid now names a process started at another time or boot', async () => {
    claimDatabaseForServer(database);
    const own = JSON.parse(readFileSync(mark, 'utf8'));
    await withUnrelatedProcess((pid) => {
      writeFileSync(mark, JSON.stringify({ ...own, pid }));
      expect(serverHoldingDatabase(database)).to.equal(null);
      writeFileSync(mark, JSON.stringify({ ...own, bootId: 'test-another-boot' }));
      expect(serverHoldingDatabase(database)).to.equal(null);
    });
  });

  it('still refuses a second server while the first one runs', async () => {
    await withUnrelatedProcess((pid) => {
      // A mark written just now by a live process: a pid-only mark of it cannot be told from a server's.
      writeFileSync(mark, String(pid));
      expect(serverHoldingDatabase(database)).to.equal(pid);
      expect(() => claimDatabaseForServer(database)).to.throw(`Another server (pid ${pid})`);
    });
  });

  it('takes an unreadable mark as no mark', () => {
    writeFileSync(mark, 'not a mark');
    expect(serverHoldingDatabase(database)).to.equal(null);
  });
});
