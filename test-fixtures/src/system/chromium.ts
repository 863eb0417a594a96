import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Where Debian's `chromium` package puts the browser. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * The flags of a headless run that contacts nobody by itself: no GPU, no QUIC, no first-run pages, no
 * background networking, component updates or sync (so the only requests are the page's own).
 */
export const HEADLESS_CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The path of Debian's Chromium, installing the `chromium` package with apt-get when it is missing (a
 * fresh CI machine): as root directly, else through `sudo -n`. Throws, saying how to install it, when
 * neither can.
 */
export function ensureChromium(log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): string {
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) =>
    execFileSync(asRoot ? command : 'sudo', asRoot ? args : ['-n', command, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      timeout: 15 * 60_000,
    });
  log(`${DEBIAN_CHROMIUM} is missing: installing Debian's chromium package (apt-get update, apt-get install)`);
  try {
    // Waits for another apt-get (say, the PostgreSQL suite's) rather than failing on its lock.
    const lock = ['-o', 'DPkg::Lock::Timeout=600'];
    run('apt-get', [...lock, 'update', '-qq']);
    run('apt-get', [...lock, 'install', '-y', '-qq', 'chromium']);
  } catch (error) {
    throw new Error(
      `Could not install chromium (run \`apt-get install -y chromium\` as root): ${String((error as Error).message)}`,
      { cause: error },
    );
  }
  if (!existsSync(DEBIAN_CHROMIUM)) throw new Error(`apt-get installed chromium but ${DEBIAN_CHROMIUM} is missing.`);
  return DEBIAN_CHROMIUM;
}
