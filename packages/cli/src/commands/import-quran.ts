import type { Command } from 'commander';

export function addQuranImportCommands(_importCommand: Command): void {}
