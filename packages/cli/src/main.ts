#!/usr/bin/env node
import { AppError, ParameterError } from '@islamic-data/core';
import { Command } from 'commander';
import { auditCommand } from './commands/audit.js';
import { dbCommand } from './commands/db.js';
import { importCommand } from './commands/import.js';
import { keysCommand } from './commands/keys.js';
import { mosquesCommand } from './commands/mosques.js';
import { precomputeCommand } from './commands/precompute.js';
import { serveCommand } from './commands/serve.js';
import { terminalText } from './output.js';

const program = new Command('islamic-data')
  .description('Operator CLI of the Islamic Data API. Uses DATABASE_PATH (default ./data/islamic-data.db).')
  .showHelpAfterError()
  .addCommand(keysCommand())
  .addCommand(auditCommand())
  .addCommand(dbCommand())
  .addCommand(importCommand())
  .addCommand(mosquesCommand())
  .addCommand(precomputeCommand())
  .addCommand(serveCommand());

try {
  await program.parseAsync(process.argv);
} catch (error) {
  // The core names a bad input bare ("lat must be …"); the CLI names the option as it is typed.
  const message =
    error instanceof ParameterError
      ? error.namedAs('Option', (name) => `'${name}' (--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)})`)
      : error instanceof AppError
        ? error.message
        : error instanceof Error
          ? error.message
          : String(error);
  process.stderr.write(`error: ${terminalText(message)}\n`);
  process.exitCode = 1;
}
