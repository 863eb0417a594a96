import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const coreSource = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const FORBIDDEN = ['express', 'kysely', 'better-sqlite3', 'sqlite', 'tsyringe', 'reflect-metadata', 'pino', 'commander'];

describe('core: stays framework-free', () => {
  it(`imports none of ${FORBIDDEN.join(', ')}`, () => {
    const files = readdirSync(coreSource, { recursive: true }).map(String).filter((file) => file.endsWith('.ts'));
    expect(files.length).to.be.greaterThan(10);
    for (const file of files) {
      const source = readFileSync(path.join(coreSource, file), 'utf8');
      for (const [, specifier] of source.matchAll(/from\s+'([^']+)'/g)) {
        expect(FORBIDDEN.some((name) => specifier === name || specifier!.startsWith(`${name}/`)), `${file} imports ${specifier}`).to.equal(false);
      }
    }
  });
});
