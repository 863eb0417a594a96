import { Command } from 'commander';
import { addImportAllCommand } from './import-all.js';
import { addHadithImportCommands } from './import-hadith.js';
import { addMosqueImportCommand } from './import-mosques.js';
import { addQuranImportCommands } from './import-quran.js';

export function importCommand(): Command {
  const command = new Command('import').description('Import content (idempotent; atomic per edition or collection)');
  addQuranImportCommands(command);
  addHadithImportCommands(command);
  addImportAllCommand(command);
  addMosqueImportCommand(command);
  return command;
}
