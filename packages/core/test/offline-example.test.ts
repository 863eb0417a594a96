import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe("core: the README's offline example", () => {
  it('runs with node alone and prints a day, a month, the Qibla and a conversion', () => {
    const output = execFileSync(process.execPath, ['examples/offline.mjs'], { cwd: packageRoot, encoding: 'utf8' });
    expect(output).to.match(/^Europe\/Istanbul \{/);
    expect(output).to.match(/fajr: '05:\d{2}'/);
    expect(output).to.contain('31 days; 1 March Fajr');
    expect(output).to.contain('bearing: 58.48');
    expect(output).to.contain('1447-10-01 = 2026-03-20');
  });
});
