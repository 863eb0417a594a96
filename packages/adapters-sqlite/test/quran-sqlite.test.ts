import { ManualClock, importQuran, importQuranTranslation } from '@islamic-data/core';
import { aSyntheticQuranSource } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../src/index.js';
import { sqliteQuranStore, sqliteUnitOfWork } from '../src/index.js';
import { interceptAudit } from './audit-interception.js';
import { freshDatabase } from './fresh-database.js';

describe('SQLite Quran store: queries, constraints, transactions', () => {
  const fresh = freshDatabase();
  const clock = new ManualClock('2026-04-01T00:00:00.000Z');

  async function imported() {
    const database = await fresh();
    const deps = { unitOfWork: sqliteUnitOfWork(database.db), clock };
    await importQuran(deps, aSyntheticQuranSource({ counts: [3, 40, 2], languages: ['en', 'ru', 'tr'] }));
    return { database, deps };
  }

  it('reads a surah with every translation in two queries, whatever its length', async () => {
    const { database } = await imported();
    const statements: string[] = [];
    const logged = new Kysely<Database>({
      dialect: new SqliteDialect({ database: database.sqlite }),
      log: (event) => void statements.push(event.query.sql),
    });
    const ayahs = await sqliteQuranStore(logged).listAyahs(2, { includeUnpublished: false });
    expect(ayahs).to.have.length(40);
    expect(Object.keys(ayahs[39]!.translations)).to.deep.equal(['en', 'ru', 'tr']);
    expect(statements).to.have.length(2);
    statements.length = 0;
    await sqliteQuranStore(logged).listAyahs(2, { includeUnpublished: false, locales: ['ru'] });
    expect(statements).to.have.length(2);
  });

  it('refuses a translation of an ayah that does not exist', async () => {
    const { database } = await imported();
    const put = sqliteQuranStore(database.db).putTranslation(1, 4, {
      locale: 'en',
      text: 'Test',
      updatedAt: clock.now().toISOString(),
    });
    const error = await put.then(
      () => undefined,
      (caught: Error) => caught,
    );
    expect(error?.message).to.match(/FOREIGN KEY/);
  });

  it('rolls a failed import back whole: texts, editions and audit entries', async () => {
    const { database } = await imported();
    const dump = () =>
      database.sqlite
        .prepare(
          "select (select group_concat(text, '|') from quran_ayah_translations) t, " +
            "(select group_concat(name, '|') from editions) e, " +
            '(select count(*) from audit_log) a',
        )
        .get();
    const before = dump();
    const changed = aSyntheticQuranSource({ counts: [3, 40, 2], languages: ['en', 'ru', 'tr'] });
    changed.translations.forEach((translation) => translation.texts.forEach((text) => (text.text += ' v2')));
    changed.translations[2]!.edition.name = 'Test tr renamed';
    let appended = 0;
    const failing = {
      clock,
      unitOfWork: interceptAudit(database, async (entry, append) => {
        if (++appended === 3) throw new Error('Test failure on the third edition');
        return append(entry);
      }),
    };
    const error = await importQuran(failing, changed).then(
      () => undefined,
      (caught: Error) => caught,
    );
    expect(error?.message).to.equal('Test failure on the third edition');
    expect(dump()).to.deep.equal(before);
  });

  it('rolls a failed translation import back whole: no partial edition, not one of its rows', async () => {
    const database = await fresh();
    const source = aSyntheticQuranSource({ counts: [3, 40, 2], languages: ['en', 'az'] });
    const [english, azerbaijani] = source.translations;
    await importQuran({ unitOfWork: sqliteUnitOfWork(database.db), clock }, { ...source, translations: [english!] });
    const dump = () =>
      database.sqlite
        .prepare(
          "select (select count(*) from quran_ayah_translations where locale = 'az') rows, " +
            "(select count(*) from editions where lang = 'az') editions, " +
            '(select count(*) from audit_log) audit',
        )
        .get();
    const before = dump();
    let rowsWritten = 0;
    const failing = {
      clock,
      unitOfWork: interceptAudit(database, async () => {
        rowsWritten = (
          database.sqlite.prepare("select count(*) n from quran_ayah_translations where locale = 'az'").get() as {
            n: number;
          }
        ).n;
        throw new Error('Test failure after the texts were written');
      }),
    };
    const error = await importQuranTranslation(failing, azerbaijani!).then(
      () => undefined,
      (caught: Error) => caught,
    );
    expect(error?.message).to.equal('Test failure after the texts were written');
    expect(rowsWritten, 'the texts were written inside the transaction before it failed').to.equal(45);
    expect(dump()).to.deep.equal(before);
    expect(before).to.include({ rows: 0, editions: 0 });
  });
});
