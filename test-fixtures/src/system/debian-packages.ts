import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);
const installs = new Map<string, Promise<void>>();

/**
 * Installs Debian packages with apt-get unless `installed()` already holds: CI is a fresh Debian
 * machine with Node and npm only (as root). Waits for another apt-get's lock rather than failing,
 * and refreshes the package lists once when the first attempt finds nothing to install.
 */
export function ensureDebianPackages(packages: string[], installed: () => boolean): Promise<void> {
  const key = packages.join(' ');
  let install = installs.get(key);
  if (!install) {
    install = installed() ? Promise.resolve() : aptInstall(packages);
    installs.set(key, install);
  }
  return install;
}

async function aptInstall(packages: string[]): Promise<void> {
  if (!existsSync('/usr/bin/apt-get'))
    throw new Error(`${packages.join(', ')} missing and there is no apt-get to install them: install them by hand.`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const options = { env, maxBuffer: 64 * 1024 * 1024 };
  const lock = ['-o', 'DPkg::Lock::Timeout=600'];
  const install = () => run('apt-get', [...lock, 'install', '-y', '--no-install-recommends', ...packages], options);
  try {
    await install();
  } catch {
    await run('apt-get', [...lock, 'update'], options);
    await install();
  }
}
