import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function expectTheExampleOutput(output: string): void {
  expect(output).to.match(/^Europe\/Istanbul \{/);
  expect(output).to.match(/fajr: '05:\d{2}'/);
  expect(output).to.contain('31 days; 1 March Fajr');
  expect(output).to.contain('bearing: 58.48');
  expect(output).to.contain('1447-10-01 = 2026-03-20');
}

describe("core: the README's offline example", () => {
  it('runs with node alone and prints a day, a month, the Qibla and a conversion', () => {
    const output = execFileSync(process.execPath, ['examples/offline.mjs'], { cwd: packageRoot, encoding: 'utf8' });
    expectTheExampleOutput(output);
  });

  it(
    'runs from the packed package installed with npm into an empty project, ' +
      'with only the calculation dependencies',
    function () {
      this.timeout(300_000);
      const project = mkdtempSync(path.join(tmpdir(), 'islamic-data-embedder-'));
      try {
        const npm = (...args: string[]) =>
          execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
            cwd: project,
            encoding: 'utf8',
          });
        const tarball = npm('pack', packageRoot, '--pack-destination', project, '--silent').trim().split('\n').at(-1)!;
        writeFileSync(
          path.join(project, 'package.json'),
          JSON.stringify({ name: 'embedder', private: true, type: 'module' }),
        );
        npm('install', path.join(project, tarball));
        copyFileSync(path.join(packageRoot, 'examples/offline.mjs'), path.join(project, 'offline.mjs'));
        expectTheExampleOutput(execFileSync(process.execPath, ['offline.mjs'], { cwd: project, encoding: 'utf8' }));

        const scoped = (scope: string) =>
          readdirSync(path.join(project, 'node_modules', scope)).map((name) => `${scope}/${name}`);
        const installed = readdirSync(path.join(project, 'node_modules'))
          .filter((name) => !name.startsWith('.'))
          .flatMap((name) => (name.startsWith('@') ? scoped(name) : [name]))
          .sort();
        expect(installed).to.deep.equal([
          '@islamic-data/core',
          '@photostructure/tz-lookup',
          '@tabby_ai/hijri-converter',
          'adhan',
        ]);
      } finally {
        rmSync(project, { recursive: true, force: true });
      }
    },
  );
});
