import type { Command } from 'commander';

export function addHadithImportCommands(_importCommand: Command): void {}
