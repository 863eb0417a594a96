import { expect } from 'chai';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI_MAIN, runCli, startServerProcess } from './cli-process.js';
import { readDatabase } from './content-seed.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const AZ_DIR = path.join(repoRoot, '../shared/data/quran-az');
const AZ_FILES = ['az.mammadaliyev.xml', 'az.musayev.xml'];

/** Everything an import can touch, to compare before and after. */
function snapshot(databasePath: string) {
  return readDatabase(databasePath, (db) => {
    const one = (sql: string) => db.prepare(sql).get() as Record<string, unknown>;
    return {
      surahs: one('select count(*) n, sum(ayah_count) ayahs from quran_surahs'),
      ayahs: one(
        "select count(*) n, sum(length(text_ar)) chars, group_concat(published, '') published from quran_ayahs",
      ),
      translations: db
        .prepare(
          'select locale, count(*) n, sum(length(text)) chars, max(updated_at) updated ' +
            'from quran_ayah_translations ' +
            'group by locale order by locale',
        )
        .all(),
      editions: db.prepare('select * from editions order by lang').all(),
      audit: db.prepare('select id, action, resource, key_name, key_id from audit_log order by id').all() as {
        action: string;
        resource: string;
        key_name: string;
      }[],
    };
  });
}

async function serve(handler: (res: ServerResponse) => void): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => handler(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/az.xml`, server };
}

describe('cli: import quran and quran-translation', function () {
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-import-'));
  const env = { DATABASE_PATH: path.join(dir, 'islamic-data.db'), LOG_LEVEL: 'warn' };
  const cli = (...args: string[]) => runCli(args, env);
  const importAz = (from: string, ...extra: string[]) =>
    cli('import', 'quran-translation', '--lang', 'az', '--from', from, '--json', ...extra);
  const azRows = () =>
    snapshot(env.DATABASE_PATH).translations.find((row) => (row as { locale: string }).locale === 'az');
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a translation before the Quran is imported', async () => {
    const result = await importAz(path.join(AZ_DIR, AZ_FILES[0]!));
    expect(result.code).to.equal(1);
    expect(result.stderr).to.match(/^error: .*import quran/);
  });

  it('imports the Quran from quran-json: 114 surahs, 6236 ayahs, en/ru/tr, one audit entry per edition', async () => {
    const result = await cli('import', 'quran', '--json');
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stderr).to.equal('');
    const report = JSON.parse(result.stdout);
    expect(report.surahCount).to.equal(114);
    expect(report.editions.map((e: { lang: string; changedAyahs: number }) => [e.lang, e.changedAyahs])).to.deep.equal([
      ['ar', 6236],
      ['en', 6236],
      ['ru', 6236],
      ['tr', 6236],
    ]);
    const state = snapshot(env.DATABASE_PATH);
    expect(state.surahs).to.deep.equal({ n: 114, ayahs: 6236 });
    expect(state.ayahs.n).to.equal(6236);
    expect(
      state.translations.map((row) => [(row as { locale: string }).locale, (row as { n: number }).n]),
    ).to.deep.equal([
      ['en', 6236],
      ['ru', 6236],
      ['tr', 6236],
    ]);
    expect(state.audit.map((entry) => [entry.action, entry.resource, entry.key_name])).to.deep.equal(
      ['ar', 'en', 'ru', 'tr'].map((lang) => ['import', `quran/editions/${lang}`, 'operator']),
    );
  });

  it('changes nothing when run again', async () => {
    const before = snapshot(env.DATABASE_PATH);
    const result = await cli('import', 'quran');
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.match(/ar \(Uthmani text\): unchanged, 6236 ayahs/);
    expect(snapshot(env.DATABASE_PATH)).to.deep.equal(before);
  });

  it('leaves no partial edition when the file is truncated', async () => {
    const before = snapshot(env.DATABASE_PATH);
    const truncated = path.join(dir, 'truncated.xml');
    const whole = readFileSync(path.join(AZ_DIR, AZ_FILES[0]!));
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const result = await importAz(truncated);
    expect(result.code).to.equal(1);
    expect(result.stderr).to.match(/^error: The Tanzil XML is invalid at line \d+/);
    expect(snapshot(env.DATABASE_PATH)).to.deep.equal(before);
    expect(azRows()).to.equal(undefined);
  });

  it('leaves no partial edition when killed half-way through a download', async () => {
    const before = snapshot(env.DATABASE_PATH);
    const whole = readFileSync(path.join(AZ_DIR, AZ_FILES[0]!));
    let halfSent!: () => void;
    const sent = new Promise<void>((resolve) => (halfSent = resolve));
    const stalled: ServerResponse[] = [];
    const { url, server } = await serve((res) => {
      res.writeHead(200, { 'Content-Type': 'application/xml', 'Content-Length': String(whole.length) });
      res.write(whole.subarray(0, whole.length / 2), () => halfSent());
      stalled.push(res);
    });
    try {
      const child = spawn(process.execPath, [CLI_MAIN, 'import', 'quran-translation', '--lang', 'az', '--from', url], {
        env: { ...process.env, ...env },
      });
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        child.once('exit', (_code, signal) => resolve(signal)),
      );
      await sent;
      child.kill('SIGKILL');
      expect(await exited).to.equal('SIGKILL');
    } finally {
      stalled.forEach((res) => res.destroy());
      server.close();
    }
    expect(snapshot(env.DATABASE_PATH)).to.deep.equal(before);
  });

  for (const file of AZ_FILES) {
    it(
      `imports ${file}: 6236 Azerbaijani ayahs, the edition from its header, ` +
        `one audit entry; importing it twice changes nothing`,
      async () => {
        const auditBefore = snapshot(env.DATABASE_PATH).audit.length;
        const first = await importAz(path.join(AZ_DIR, file));
        expect(first.code, first.stderr).to.equal(0);
        const result = JSON.parse(first.stdout);
        expect(result).to.include({ lang: 'az', ayahCount: 6236, metadataChanged: true });
        expect(result.changedAyahs).to.be.greaterThan(0);
        const state = snapshot(env.DATABASE_PATH);
        expect(azRows()).to.include({ n: 6236 });
        const edition = state.editions.find((row) => (row as { lang: string }).lang === 'az') as Record<
          string,
          unknown
        >;
        expect(edition).to.include({
          resource: 'quran',
          source_url: `https://tanzil.net/trans/${file.replace(/\.xml$/, '')}`,
          public_domain: 0,
        });
        expect(edition.translator).to.be.a('string').and.not.equal('');
        expect(edition.attribution)
          .to.contain(edition.translator as string)
          .and.to.contain('Tanzil.net');
        expect(edition.license).to.match(/non-commercial/);
        expect(
          state.audit.slice(auditBefore).map((entry) => [entry.action, entry.resource, entry.key_name]),
        ).to.deep.equal([['import', 'quran/editions/az', 'operator']]);

        const again = await importAz(path.join(AZ_DIR, file));
        expect(again.code, again.stderr).to.equal(0);
        expect(JSON.parse(again.stdout)).to.include({ changedAyahs: 0, metadataChanged: false, auditEntryId: null });
        expect(snapshot(env.DATABASE_PATH)).to.deep.equal(state);
      },
    );
  }

  it('leaves an imported edition exactly as it was when a later import of it is truncated', async () => {
    const before = snapshot(env.DATABASE_PATH);
    expect(azRows()).to.include({ n: 6236 });
    const truncated = path.join(dir, 'truncated-other.xml');
    const whole = readFileSync(path.join(AZ_DIR, AZ_FILES[0]!));
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length * 0.9)));
    const result = await importAz(truncated);
    expect(result.code).to.equal(1);
    expect(snapshot(env.DATABASE_PATH)).to.deep.equal(before);
  });

  it('shows a progress bar on a terminal, and none when stderr is not one', async function () {
    if (!existsSync('/usr/bin/script')) this.skip(); // util-linux `script` gives the CLI a pseudo-terminal
    const file = path.join(AZ_DIR, AZ_FILES[1]!);
    const piped = await importAz(file);
    expect(piped.stderr).to.equal('');
    const command = [process.execPath, CLI_MAIN, 'import', 'quran-translation', '--lang', 'az', '--from', file]
      .map((arg) => `'${arg}'`)
      .join(' ');
    const onTerminal = await new Promise<string>((resolve) => {
      const child = spawn('/usr/bin/script', ['-qec', command, '/dev/null'], { env: { ...process.env, ...env } });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk));
      child.once('exit', () => resolve(output));
    });
    const size = readFileSync(file).length;
    expect(onTerminal).to.contain(`100% | ${size}/${size} bytes`);
  });

  it('imports from a URL, streaming it, with the operator’s edition metadata', async () => {
    const whole = readFileSync(path.join(AZ_DIR, AZ_FILES[0]!));
    const { url, server } = await serve((res) => res.end(whole));
    try {
      const result = await importAz(
        url,
        '--name',
        'Test name',
        '--attribution',
        'Test attribution',
        '--license',
        'Test licence',
        '--source-url',
        'https://example.org/test',
      );
      expect(result.code, result.stderr).to.equal(0);
      expect(JSON.parse(result.stdout)).to.include({ name: 'Test name', ayahCount: 6236 });
    } finally {
      server.close();
    }
    const edition = snapshot(env.DATABASE_PATH).editions.find((row) => (row as { lang: string }).lang === 'az');
    expect(edition).to.include({
      name: 'Test name',
      attribution: 'Test attribution',
      license: 'Test licence',
      source_url: 'https://example.org/test',
      public_domain: 0,
    });
    expect(azRows()).to.include({ n: 6236 });
  });

  it('refuses Arabic, a missing file, a failing URL and a bad source URL, changing nothing', async () => {
    const before = snapshot(env.DATABASE_PATH);
    const cases: [string[], RegExp][] = [
      [['--lang', 'ar', '--from', path.join(AZ_DIR, AZ_FILES[0]!)], /Arabic text is read-only/],
      [['--lang', 'az', '--from', path.join(dir, 'missing.xml')], /There is no file at/],
      [['--lang', 'az', '--from', 'http://127.0.0.1:9/az.xml'], /Could not fetch/],
      [
        ['--lang', 'az', '--from', path.join(AZ_DIR, AZ_FILES[0]!), '--source-url', 'ftp://example.org'],
        /source URL must be an http\(s\) URL/,
      ],
      [['--lang', 'AZ', '--from', path.join(AZ_DIR, AZ_FILES[0]!)], /not a lowercase BCP 47 language code/],
    ];
    for (const [args, message] of cases) {
      const result = await cli('import', 'quran-translation', ...args);
      expect(result.code, args.join(' ')).to.equal(1);
      expect(result.stderr, args.join(' ')).to.match(message);
    }
    const notFound = await serve((res) => res.writeHead(404).end());
    try {
      const result = await importAz(notFound.url);
      expect(result.stderr).to.match(/answered 404/);
    } finally {
      notFound.server.close();
    }
    expect(snapshot(env.DATABASE_PATH)).to.deep.equal(before);
  });
});

describe('cli: serve imports the Quran on a first start only', function () {
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-first-start-'));
  const env = { DATABASE_PATH: path.join(dir, 'islamic-data.db'), LOG_LEVEL: 'info' };
  after(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'serves 114 surahs and the Arabic download after ' + 'starting on an empty database, and does not import again',
    async () => {
      const created = await runCli(
        ['keys', 'create', '--name', 'Test reader', '--scopes', 'quran', '--permissions', 'read', '--json'],
        env,
      );
      const { key } = JSON.parse(created.stdout) as { key: string };
      const server = await startServerProcess(env);
      try {
        expect(server.output()).to.contain('imported the Quran from quran-json');
        const surahs = await fetch(`${server.url}/api/v1/quran/surahs`, { headers: { 'X-API-Key': key } });
        const data = ((await surahs.json()) as { data: { ayahCount: number }[] }).data;
        expect(data).to.have.length(114);
        expect(data.reduce((sum, surah) => sum + surah.ayahCount, 0)).to.equal(6236);
        const arabic = (
          (await (await fetch(`${server.url}/api/v1/translations/quran/ar`)).json()) as { data: { text: string }[] }
        ).data;
        expect(arabic).to.have.length(6236);
        expect(arabic.every((entry) => typeof entry.text === 'string' && entry.text.length > 0)).to.equal(true);
      } finally {
        await server.stop();
      }
      const restarted = await startServerProcess(env);
      try {
        expect(restarted.output()).not.to.contain('imported the Quran');
      } finally {
        await restarted.stop();
      }
    },
  );
});
