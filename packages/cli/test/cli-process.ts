// The suites run the CLI as a real process through the helpers the package exports as `@islamic-data/cli/process`.
export * from '../src/cli-process.js';
