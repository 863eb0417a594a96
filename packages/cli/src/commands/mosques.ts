import { Command } from 'commander';

export function mosquesCommand(): Command {
  return new Command('mosques').description('Moderate submitted mosques');
}
