import { importQuran, type AuditEntry } from '@islamic-data/core';
import { expect } from 'chai';
import request from 'supertest';
import { quranJsonSource, startTestApp, type TestApp } from './test-app.js';

const AYAH = '/api/v1/quran/surahs/2/ayahs/255';
const translationPath = (locale: string, ayah = AYAH) => `${ayah}/translations/${locale}`;

function expectError(response: request.Response, status: number, code: string): void {
  expect(response.status, JSON.stringify(response.body)).to.equal(status);
  expect(response.body.error.code).to.equal(code);
  expect(response.body.error.message).to.be.a('string').and.not.equal('');
}

describe('http: Quran writes', () => {
  let t: TestApp;
  const keys = { reader: '', writer: '', deleter: '', hadithWriter: '' };
  const ids = { writer: '', deleter: '' };
  before(async () => {
    t = await startTestApp({ rateLimitPerMinute: 100_000 });
    await importQuran(t.deps, await quranJsonSource());
    keys.reader = (await t.issueKey({ name: 'Test reader', scopes: ['quran'], permissions: ['read'] })).key;
    ({ key: keys.writer, id: ids.writer } = await t.issueKey({
      name: 'Test writer',
      scopes: ['quran'],
      permissions: ['read', 'write'],
    }));
    ({ key: keys.deleter, id: ids.deleter } = await t.issueKey({
      name: 'Test deleter',
      scopes: ['quran'],
      permissions: ['read', 'write', 'delete'],
    }));
    keys.hadithWriter = (
      await t.issueKey({ name: 'Test hadith writer', scopes: ['hadith'], permissions: ['read', 'write', 'delete'] })
    ).key;
  });
  after(async () => t.close());

  const put = (locale: string, body: unknown, key = keys.writer) =>
    request(t.app)
      .put(translationPath(locale))
      .set('X-API-Key', key)
      .send(body as object);
  const patch = (body: unknown, key = keys.writer, path = AYAH) =>
    request(t.app)
      .patch(path)
      .set('X-API-Key', key)
      .send(body as object);
  const auditEntries = () => t.deps.stores.audit.list({ resourcePrefix: 'quran/' });
  const writeEntries = async () => (await auditEntries()).filter((entry) => entry.action !== 'import');

  /** Runs failing requests and checks that none of them wrote an audit entry or changed the ayah. */
  async function expectNothingWritten(requests: () => Promise<void>): Promise<void> {
    const before = {
      audit: await auditEntries(),
      ayah: (await request(t.app).get(AYAH).set('X-API-Key', keys.writer)).body,
    };
    await requests();
    expect(await auditEntries()).to.deep.equal(before.audit);
    expect((await request(t.app).get(AYAH).set('X-API-Key', keys.writer)).body).to.deep.equal(before.ayah);
  }

  describe('PUT .../translations/{locale}', () => {
    it('answers 201 with the stored translation when created, then 200 when replaced, each audited', async () => {
      const created = await put('de', { text: 'Test de 2:255' });
      expect(created.status).to.equal(201);
      expect(created.body.data).to.have.all.keys('locale', 'text', 'updatedAt');
      expect(created.body.data).to.include({ locale: 'de', text: 'Test de 2:255' });
      expect(new Date(created.body.data.updatedAt).toISOString()).to.equal(created.body.data.updatedAt);
      const replaced = await put('de', { text: 'Test de 2:255 v2' });
      expect(replaced.status).to.equal(200);
      expect(replaced.body.data).to.include({ locale: 'de', text: 'Test de 2:255 v2' });
      const ayah = await request(t.app).get(`${AYAH}?translations=de`).set('X-API-Key', keys.reader);
      expect(ayah.body.data.translations).to.deep.equal({ de: 'Test de 2:255 v2' });

      const [second, first] = await writeEntries();
      expect(first).to.deep.include({
        keyId: ids.writer,
        keyName: 'Test writer',
        action: 'translation.put',
        resource: 'quran/2/255/translations/de',
        before: null,
        after: created.body.data,
      });
      expect(second).to.deep.include({
        action: 'translation.put',
        before: created.body.data,
        after: replaced.body.data,
      });
    });

    it('is idempotent: the same PUT again answers 200 with the same record and writes no audit entry', async () => {
      const first = await put('de-at', { text: 'Test de-at 2:255' });
      const count = (await writeEntries()).length;
      const again = await put('de-at', { text: 'Test de-at 2:255' });
      expect(first.status).to.equal(201);
      expect(again.status).to.equal(200);
      expect(again.body.data).to.deep.equal(first.body.data);
      expect(await writeEntries()).to.have.length(count);
    });

    it('replaces an imported translation and records the imported text as before', async () => {
      const original = (await request(t.app).get(`${AYAH}?translations=en`).set('X-API-Key', keys.reader)).body.data
        .translations.en;
      const response = await put('en', { text: 'Test en 2:255 corrected' });
      expect(response.status).to.equal(200);
      const [entry] = await writeEntries();
      expect((entry!.before as { text: string }).text).to.equal(original);
    });

    it('403 FORBIDDEN_LOCALE for ar and ar-*, before the body is even read', async () => {
      await expectNothingWritten(async () => {
        expectError(await put('ar', { text: 'Test' }), 403, 'FORBIDDEN_LOCALE');
        expectError(await put('ar-sa', { text: 'Test' }), 403, 'FORBIDDEN_LOCALE');
        const badJson = await request(t.app)
          .put(translationPath('ar'))
          .set('X-API-Key', keys.writer)
          .set('Content-Type', 'application/json')
          .send('{"text":');
        expectError(badJson, 403, 'FORBIDDEN_LOCALE');
      });
    });

    it('403 INSUFFICIENT_PERMISSION for a read-only key, 403 INSUFFICIENT_SCOPE for a hadith-only key', async () => {
      await expectNothingWritten(async () => {
        expectError(await put('de', { text: 'Test' }, keys.reader), 403, 'INSUFFICIENT_PERMISSION');
        expectError(await put('de', { text: 'Test' }, keys.hadithWriter), 403, 'INSUFFICIENT_SCOPE');
        expectError(await patch({ tags: ['x'] }, keys.reader), 403, 'INSUFFICIENT_PERMISSION');
        expectError(await patch({ tags: ['x'] }, keys.hadithWriter), 403, 'INSUFFICIENT_SCOPE');
      });
    });

    it('400 INVALID_JSON for a body that is not JSON', async () => {
      await expectNothingWritten(async () => {
        for (const body of ['{"text":', "{'text': 'x'}", 'text=x']) {
          const response = await request(t.app)
            .put(translationPath('de'))
            .set('X-API-Key', keys.writer)
            .set('Content-Type', 'application/json')
            .send(body);
          expectError(response, 400, 'INVALID_JSON');
        }
      });
    });

    it(
      '400 VALIDATION_ERROR for empty text, wrong types, ' +
        'missing or extra fields, too long text, a malformed locale',
      async () => {
        await expectNothingWritten(async () => {
          for (const body of [
            { text: '' },
            { text: '   ' },
            { text: 5 },
            { text: null },
            { text: ['x'] },
            {},
            { text: 'Test', extra: 1 },
            [],
            { text: 'x'.repeat(50_001) },
          ]) {
            const response = await put('de', body);
            expectError(response, 400, 'VALIDATION_ERROR');
          }
          expectError(await put('EN', { text: 'Test' }), 400, 'VALIDATION_ERROR');
          expectError(await put('e', { text: 'Test' }), 400, 'VALIDATION_ERROR');
        });
      },
    );

    it('404 for an ayah the Quran does not have, and nothing audited', async () => {
      await expectNothingWritten(async () => {
        const beyond = await request(t.app)
          .put(translationPath('de', '/api/v1/quran/surahs/2/ayahs/287'))
          .set('X-API-Key', keys.writer)
          .send({ text: 'Test' });
        expectError(beyond, 404, 'NOT_FOUND');
        const noSurah = await request(t.app)
          .put(translationPath('de', '/api/v1/quran/surahs/115/ayahs/1'))
          .set('X-API-Key', keys.writer)
          .send({ text: 'Test' });
        expectError(noSurah, 404, 'NOT_FOUND');
      });
    });

    it('carries no CORS headers', async () => {
      const response = await put('de', { text: 'Test de 2:255 v3' }).set('Origin', 'https://example.org');
      expect(response.status).to.equal(200);
      expect(response.headers).not.to.have.property('access-control-allow-origin');
    });
  });

  describe('PATCH .../ayahs/{ayah}', () => {
    it(
      'patches tags, notes and published and answers the whole ayah, ' + 'audited with the whole ayah before and after',
      async () => {
        const before = (await request(t.app).get(AYAH).set('X-API-Key', keys.writer)).body.data;
        const response = await patch({ tags: ['test-tag'], notes: 'Test note' });
        expect(response.status).to.equal(200);
        expect(response.body.data).to.deep.equal({ ...before, tags: ['test-tag'], notes: 'Test note' });
        const unpublished = await patch({ published: false, notes: null });
        expect(unpublished.body.data).to.deep.include({ tags: ['test-tag'], notes: null, published: false });
        const [second, first] = await writeEntries();
        // The audit keeps the record; where the ayah sits (juz, page, …) is layout, not part of it.
        const NAVIGATION = ['juz', 'page', 'hizbQuarter', 'ruku', 'manzil', 'sajda'];
        const record = (ayah: Record<string, unknown>) =>
          Object.fromEntries(Object.entries(ayah).filter(([field]) => !NAVIGATION.includes(field)));
        expect(first).to.deep.include({
          keyName: 'Test writer',
          action: 'metadata.patch',
          resource: 'quran/2/255',
          before: record(before),
          after: record(response.body.data),
        });
        expect(second).to.deep.include({ before: record(response.body.data), after: record(unpublished.body.data) });
        expect((await patch({ published: true, tags: [] })).body.data).to.deep.include({ published: true, tags: [] });
      },
    );

    it('403 FORBIDDEN_LOCALE for text_ar in the body', async () => {
      await expectNothingWritten(async () => {
        expectError(await patch({ text_ar: 'Test' }), 403, 'FORBIDDEN_LOCALE');
        expectError(await patch({ tags: [], text_ar: 'Test' }), 403, 'FORBIDDEN_LOCALE');
      });
    });

    it('400 for an empty body, an unknown field, wrong types, and invalid JSON', async () => {
      await expectNothingWritten(async () => {
        for (const body of [
          {},
          { title: 'Test' },
          { tags: 'x' },
          { tags: [1] },
          { tags: [''] },
          { tags: Array(33).fill('t') },
          { notes: 5 },
          { published: 'yes' },
          { published: null },
          [],
        ]) {
          const response = await patch(body);
          expectError(response, 400, 'VALIDATION_ERROR');
        }
        const notJson = await request(t.app)
          .patch(AYAH)
          .set('X-API-Key', keys.writer)
          .set('Content-Type', 'application/json')
          .send('{tags:');
        expectError(notJson, 400, 'INVALID_JSON');
      });
    });

    it('404 beyond the surah', async () => {
      expectError(await patch({ tags: [] }, keys.writer, '/api/v1/quran/surahs/1/ayahs/8'), 404, 'NOT_FOUND');
    });
  });

  describe('DELETE .../translations/{locale}', () => {
    it('needs the delete permission, answers 204, audits the deleted record, and 404s the second time', async () => {
      await put('fr', { text: 'Test fr 2:255' });
      const stored = (await t.deps.stores.quran.getTranslation(2, 255, 'fr'))!;
      expectError(
        await request(t.app).delete(translationPath('fr')).set('X-API-Key', keys.writer),
        403,
        'INSUFFICIENT_PERMISSION',
      );
      const deleted = await request(t.app).delete(translationPath('fr')).set('X-API-Key', keys.deleter);
      expect(deleted.status).to.equal(204);
      expect(deleted.text).to.equal('');
      expect(await t.deps.stores.quran.getTranslation(2, 255, 'fr')).to.equal(undefined);
      const [entry] = await writeEntries();
      expect(entry).to.deep.include({
        keyId: ids.deleter,
        action: 'translation.delete',
        resource: 'quran/2/255/translations/fr',
        before: stored,
        after: null,
      });
      expectError(await request(t.app).delete(translationPath('fr')).set('X-API-Key', keys.deleter), 404, 'NOT_FOUND');
      expectError(
        await request(t.app).delete(translationPath('ar')).set('X-API-Key', keys.deleter),
        403,
        'FORBIDDEN_LOCALE',
      );
    });
  });

  describe('audit log (runs after the writes above)', () => {
    it('wrote exactly one audit entry per successful write, each in the contract shape', async () => {
      const entries: AuditEntry[] = await writeEntries();
      for (const entry of entries) {
        expect(entry).to.include.all.keys('id', 'at', 'keyId', 'keyName', 'action', 'resource', 'before', 'after');
        expect(entry.keyId).to.be.oneOf([ids.writer, ids.deleter]);
      }
      // 2 + 1 + 1 PUTs (the identical PUT writes none), 1 PUT in the CORS test, 3 PATCHes, 1 PUT + 1 DELETE.
      expect(entries).to.have.length(10);
    });
  });
});
