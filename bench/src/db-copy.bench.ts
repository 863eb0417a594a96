// `db copy --to postgres://…` of a database holding the full data (`import all` from a local raw
// mirror of ../shared/data, plus generated mosques): the time the copy took, each table's count on
// both sides, and 1,000 records picked at random (ayahs, hadiths, mosques) read through the ports of
// both engines and compared whole. Run with `npm run bench:db-copy` after `npm run setup`.
import { openPostgresDatabase, postgresStores } from '@islamic-data/adapters-postgres';
import { openDatabase, sqliteStores } from '@islamic-data/adapters-sqlite';
import type { Stores } from '@islamic-data/core';
import { generateMosques, seededRandom, serveRawMirror, sharedPostgres } from '@islamic-data/test-fixtures';
import { isDeepStrictEqual } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli } from '@islamic-data/cli/process';

const SAMPLE = 1_000;

const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-bench-db-copy-'));
const mirror = await serveRawMirror();
try {
  const env = { DATABASE_PATH: path.join(dir, 'islamic-data.db'), DATA_MIRROR: mirror.url, LOG_LEVEL: 'warn' };
  const imported = await runCli(['import', 'all'], env);
  if (imported.code !== 0) throw new Error(imported.stderr);
  const source = openDatabase(env.DATABASE_PATH);
  await sqliteStores(source.db).mosques.insertMany(generateMosques({ count: 10_000, seed: 11 }));

  const url = await (await sharedPostgres()).createDatabase();
  const started = performance.now();
  const copied = await runCli(['db', 'copy', '--to', url, '--json'], env);
  const wallSeconds = (performance.now() - started) / 1000;
  if (copied.code !== 0) throw new Error(copied.stderr);
  const report = JSON.parse(copied.stdout) as { rows: Record<string, number>; ms: number };

  const target = openPostgresDatabase(url);
  const [from, to] = [sqliteStores(source.db), postgresStores(target.db)];
  const random = seededRandom(2026);
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
  const ayahKeys = source.sqlite.prepare('select surah, ayah from quran_ayahs').all() as {
    surah: number;
    ayah: number;
  }[];
  const hadithKeys = source.sqlite.prepare('select collection, sequence from hadiths').all() as {
    collection: string;
    sequence: number;
  }[];
  const slugs = (source.sqlite.prepare('select slug from mosques').all() as { slug: string }[]).map((row) => row.slug);
  const readers: ((stores: Stores) => Promise<unknown>)[] = [];
  for (let i = 0; i < SAMPLE; i++) {
    const kind = i % 3;
    if (kind === 0) {
      const { surah, ayah } = pick(ayahKeys);
      readers.push((stores) => stores.quran.getAyah(surah, ayah));
    } else if (kind === 1) {
      const { collection, sequence } = pick(hadithKeys);
      readers.push((stores) => stores.hadith.getHadith(collection, sequence));
    } else {
      const slug = pick(slugs);
      readers.push((stores) => stores.mosques.get(slug));
    }
  }
  let equal = 0;
  for (const read of readers) if (isDeepStrictEqual(await read(from), await read(to))) equal++;

  console.log('| table | rows (SQLite = PostgreSQL) |\n| --- | ---: |');
  for (const [table, count] of Object.entries(report.rows)) console.log(`| ${table} | ${count} |`);
  console.log(
    `\ndb copy: ${(report.ms / 1000).toFixed(1)} s for the copy and its checks ` +
      `(${wallSeconds.toFixed(1)} s for the CLI process)`,
  );
  console.log(`random records equal on both engines: ${equal} of ${SAMPLE} (ayahs, hadiths and mosques in turn)`);
  await Promise.all([source.close(), target.close()]);
  if (equal !== SAMPLE) process.exitCode = 1;
} finally {
  await mirror.close();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(process.exitCode ?? 0);
