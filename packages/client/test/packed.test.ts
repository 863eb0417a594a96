import { expect } from 'chai';
import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startTestServer, TEST_COLLECTION, type TestServer } from './test-server.js';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const examples = readdirSync(path.join(packageRoot, 'examples'))
  .filter((name) => name.endsWith('.mjs'))
  .sort();
const execFileAsync = promisify(execFile);
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** What each README example prints against the test server (the whole Quran, a synthetic hadith collection). */
const EXPECTED_OUTPUT: Record<string, RegExp> = {
  '1-qibla-and-prayer-times.mjs':
    /^Qibla from London: 118\.\d\d°, \d+ km\n20 March 2026: Fajr \d\d:\d\d, Maghrib 18:\d\d\n$/,
  '2-quran.mjs': /^1:1 \S.* \| In the name of .*\nSurah 112 has 4 ayahs\n$/,
  '3-errors.mjs': /^404 NOT_FOUND: .+ \(request \S+\)\nrequests left this minute: \d+ of 1000000\n$/,
  '4-retry-and-abort.mjs': /^.+; the next page starts after \S+\n$/,
  '5-calendar-and-write.mjs': /^BEGIN:VCALENDAR 155 events\n2:255 tags: ayat-al-kursi\n$/,
};

/** A consumer's TypeScript: compiles against the packed types, and each @ts-expect-error must be an error. */
const TYPED_CONSUMER = `
import { ApiError, createIslamicDataClient } from '@islamic-data/client';
const api = createIslamicDataClient({ baseUrl: 'http://localhost:3000', apiKey: 'idk_x' });
export async function typed(): Promise<number> {
  const qibla = await api.get('/api/v1/qibla', { params: { query: { lat: 1, lng: 2 } } });
  const ayahs = await api.get('/api/v1/quran/surahs/{surah}/ayahs', { params: { path: { surah: 1 } } });
  const text: string = ayahs[0]!.text_ar;
  const feed: string = await api.get('/api/v1/prayer-times/calendar.ics', {
    params: { query: { lat: 1, lng: 2, year: 2026, month: 1 } },
  });
  // @ts-expect-error lat is a number
  await api.get('/api/v1/qibla', { params: { query: { lat: 'north', lng: 2 } } });
  // @ts-expect-error the ayah's path needs its number
  await api.get('/api/v1/quran/surahs/{surah}/ayahs/{ayah}', { params: { path: { surah: 1 } } });
  // @ts-expect-error no such path
  await api.get('/api/v1/no-such-path');
  // @ts-expect-error the answer has no field 'angle'
  qibla.angle;
  await api.patch('/api/v1/quran/surahs/{surah}/ayahs/{ayah}', {
    params: { path: { surah: 1, ayah: 1 } },
    // @ts-expect-error tags are strings
    body: { tags: 3 },
  });
  const error = new ApiError('NOT_FOUND', 404, 'x', null, { limit: null, remaining: null, reset: null }, null);
  return qibla.bearing + text.length + feed.length + error.status;
}
`;

function directorySize(folder: string): number {
  return readdirSync(folder, { withFileTypes: true }).reduce((sum, entry) => {
    const full = path.join(entry.parentPath, entry.name);
    return sum + (entry.isDirectory() ? directorySize(full) : statSync(full).size);
  }, 0);
}

describe('client: npm pack, installed alone into an empty project, runs the README examples', function () {
  this.timeout(300_000);
  let server: TestServer;
  let project: string;
  before(async () => {
    server = await startTestServer();
    project = mkdtempSync(path.join(tmpdir(), 'islamic-data-client-'));
  });
  after(async () => {
    await server?.close();
    rmSync(project, { recursive: true, force: true });
  });

  it('the README shows each example file as it is', () => {
    const readme = readFileSync(path.join(packageRoot, 'README.md'), 'utf8');
    expect(examples).to.have.lengthOf(5);
    for (const example of examples)
      expect(readme, example).to.contain(readFileSync(path.join(packageRoot, 'examples', example), 'utf8'));
  });

  it('installs with npm (openapi-fetch beside it, no server package), runs the examples, and type-checks', async () => {
    const npm = (...args: string[]) =>
      execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd: project, encoding: 'utf8' });
    const tarball = npm('pack', packageRoot, '--pack-destination', project, '--silent').trim().split('\n').at(-1)!;
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    npm('install', path.join(project, tarball));
    const modules = path.join(project, 'node_modules');
    const installed = readdirSync(modules)
      .filter((name) => !name.startsWith('.'))
      .flatMap((name) =>
        name.startsWith('@') ? readdirSync(path.join(modules, name)).map((n) => `${name}/${n}`) : [name],
      )
      .sort();
    expect(installed).to.deep.equal(['@islamic-data/client', 'openapi-fetch', 'openapi-typescript-helpers']);
    console.log(
      `      installed size: ${(directorySize(modules) / 1024).toFixed(0)} KiB in node_modules ` +
        `(@islamic-data/client ${(directorySize(path.join(modules, '@islamic-data/client')) / 1024).toFixed(0)} KiB, ` +
        `tarball ${(statSync(path.join(project, tarball)).size / 1024).toFixed(0)} KiB)`,
    );

    const env = {
      ...process.env,
      ISLAMIC_DATA_URL: server.url,
      ISLAMIC_DATA_KEY: server.key,
      COLLECTION: TEST_COLLECTION,
    };
    for (const example of examples) {
      copyFileSync(path.join(packageRoot, 'examples', example), path.join(project, example));
      // Not execFileSync: the server answers in this very process.
      const { stdout: output } = await execFileAsync(process.execPath, [example], { cwd: project, env });
      expect(output, example).to.match(EXPECTED_OUTPUT[example]!);
    }

    writeFileSync(path.join(project, 'typed.ts'), TYPED_CONSUMER);
    const compilerOptions = {
      strict: true,
      noEmit: true,
      module: 'nodenext',
      target: 'es2022',
      lib: ['es2023', 'dom'],
      types: [],
    };
    writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['typed.ts'] }));
    const result = (() => {
      try {
        return execFileSync(process.execPath, [tsc, '-p', project], { cwd: project, encoding: 'utf8' });
      } catch (error) {
        return `tsc failed: ${(error as { stdout?: string }).stdout ?? String(error)}`;
      }
    })();
    expect(result).to.equal('');
  });
});
