// What a bench, a script or a test takes from the CLI's process side: the composition root and the
// configuration it reads (`@islamic-data/cli`). The command line is the bin (src/main.ts); to run it as a
// process, use `@islamic-data/cli/process`.
export { composeServices, type CompositionOptions, type Database, type Services } from './composition-root.js';
export { loadConfig, type Config } from './config.js';
export { RequestMetrics } from './metrics.js';
