import { composeServices, type Services } from './composition-root.js';
import { loadConfig } from './config.js';

/** Opens the same database the server uses (DATABASE_URL or DATABASE_PATH) with every port wired; logs go to stderr. */
export async function openServices(): Promise<Services> {
  return composeServices(loadConfig(), { logDestination: process.stderr });
}

/** Runs a command against the services and always closes the database afterwards. */
export async function withServices<T>(work: (deps: Services) => Promise<T>): Promise<T> {
  const deps = await openServices();
  try {
    return await work(deps);
  } finally {
    await deps.close();
  }
}
