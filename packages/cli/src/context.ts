import { composeServices, loadConfig, type AppDependencies, type Config } from '@islamic-data/http-express';

/** Opens the same database the server uses (DATABASE_PATH) with every port wired; logs go to stderr. */
export async function openServices(): Promise<AppDependencies> {
  const config: Config = loadConfig();
  return composeServices(config, { logDestination: process.stderr });
}

/** Runs a command against the services and always closes the database afterwards. */
export async function withServices<T>(work: (deps: AppDependencies) => Promise<T>): Promise<T> {
  const deps = await openServices();
  try {
    return await work(deps);
  } finally {
    await deps.database.close();
  }
}
