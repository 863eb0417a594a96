import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const packageRoot = path.resolve(here, '../..');
const compiledSource = path.resolve(here, '../src');
const CALCULATION_DEPENDENCIES = ['@photostructure/tz-lookup', '@tabby_ai/hijri-converter', 'adhan'];

describe('core: what an embedder installs', () => {
  const manifest = JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    files: string[];
  };

  it(`depends only on ${CALCULATION_DEPENDENCIES.join(', ')}, and ships the compiled source and the examples`, () => {
    expect(Object.keys(manifest.dependencies).sort()).to.deep.equal(CALCULATION_DEPENDENCIES);
    expect(manifest.files).to.include.members(['dist/src', 'examples']);
  });

  it('loads no other package when imported: its compiled source imports only those and node:crypto / node:util', () => {
    const files = readdirSync(compiledSource, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.js'));
    expect(files.length).to.be.greaterThan(10);
    for (const file of files) {
      const source = readFileSync(path.join(compiledSource, file), 'utf8');
      for (const [, , specifier] of source.matchAll(
        /(?:\bfrom\s*|\bimport\s+|\bimport\s*\(\s*)(['"])([^'".][^'"]*)\1/g,
      )) {
        expect([...CALCULATION_DEPENDENCIES, 'node:crypto', 'node:util'], `${file} imports ${specifier}`).to.include(
          specifier,
        );
      }
    }
  });
});
