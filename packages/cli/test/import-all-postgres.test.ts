import { serveRawMirror, sharedPostgres, type RawMirror } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli } from './cli-process.js';

const DATASETS = ['quran', 'quran-az', 'hadith-muslim', 'hadith-nawawi40'];

describe('cli: import all into PostgreSQL (DATABASE_URL) from a raw mirror of shared/data', function () {
  this.timeout(600_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-import-all-pg-'));
  let mirror: RawMirror;
  let env: Record<string, string>;
  const cliJson = async (...args: string[]) => {
    const result = await runCli([...args, '--json'], env);
    expect(result.code, `${args.join(' ')}: ${result.stderr}`).to.equal(0);
    return JSON.parse(result.stdout);
  };

  before(async () => {
    mirror = await serveRawMirror();
    env = {
      DATABASE_URL: await (await sharedPostgres()).createDatabase(),
      DATABASE_PATH: path.join(dir, 'never-used.db'),
      DATA_CACHE_DIR: path.join(dir, 'upstream'),
      DATA_MIRROR: mirror.url,
      LOG_LEVEL: 'warn',
    };
  });
  after(async () => {
    await mirror?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports the Quran, its Azerbaijani translation and two collections, then nothing on a second run', async () => {
    const first = (await cliJson('import', 'all', '--datasets', 'quran-az,hadith-muslim,hadith-nawawi40')) as {
      dataset: string;
      status: string;
    }[];
    expect(first.map(({ dataset, status }) => [dataset, status])).to.deep.equal(DATASETS.map((d) => [d, 'imported']));
    const entries = (await cliJson('audit', 'list', '--limit', '100000')).length;
    expect(entries).to.be.greaterThan(0);
    const second = (await cliJson('import', 'all', '--datasets', 'quran-az,hadith-muslim,hadith-nawawi40')) as {
      status: string;
    }[];
    expect(second.map(({ status }) => status)).to.deep.equal(Array(DATASETS.length).fill('unchanged'));
    expect((await cliJson('audit', 'list', '--limit', '100000')).length).to.equal(entries);
  });
});
