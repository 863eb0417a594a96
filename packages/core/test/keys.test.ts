import { expect } from 'chai';
import {
  AppError,
  ManualClock,
  createApiKey,
  createInMemoryStores,
  generateApiKey,
  generateKeyId,
  hashApiKey,
  listApiKeys,
  requirePermission,
  requireScope,
  requireVerifiedKey,
  revokeApiKey,
  verifyApiKey,
  isWellFormedApiKey,
  KeyUsageRecorder,
  type UnitOfWork,
} from '../src/index.js';

describe('core: API keys', () => {
  describe('key material', () => {
    it('generates idk_ + 32 base62 characters, different every time', () => {
      const keys = new Set(Array.from({ length: 1000 }, generateApiKey));
      expect(keys.size).to.equal(1000);
      for (const key of keys) expect(key).to.match(/^idk_[0-9A-Za-z]{32}$/);
    });

    it('uses the whole base62 alphabet', () => {
      const seen = new Set(Array.from({ length: 500 }, () => generateApiKey().slice(4)).join(''));
      expect(seen.size).to.equal(62);
    });

    it('generates key_ + 12 base62 ids', () => {
      expect(generateKeyId()).to.match(/^key_[0-9A-Za-z]{12}$/);
    });

    it('tells a text that could be a key (idk_ + 32 base62) from one that cannot', () => {
      expect(isWellFormedApiKey(generateApiKey())).to.equal(true);
      for (const text of ['', 'idk_', `idk_${'a'.repeat(31)}`, `idk_${'a'.repeat(33)}`, `IDK_${'a'.repeat(32)}`])
        expect(isWellFormedApiKey(text), text).to.equal(false);
      for (const text of [`idk_${'a'.repeat(31)}-`, `idk_${'a'.repeat(31)}\n`, `key_${'a'.repeat(32)}`])
        expect(isWellFormedApiKey(text), text).to.equal(false);
    });

    it('refuses a text that cannot be a key without asking the key store', async () => {
      const asked: string[] = [];
      const keys = { findByHash: async (hash: string) => void asked.push(hash) };
      const clock = new ManualClock('2026-03-01T10:00:00.000Z');
      for (const text of ['not-a-key', 'idk_short', `idk_${'x'.repeat(32)}!`])
        expect((await verifyApiKey({ keys, clock }, text)).outcome).to.equal('invalid');
      expect(asked).to.deep.equal([]);
      expect((await verifyApiKey({ keys, clock }, generateApiKey())).outcome).to.equal('invalid');
      expect(asked).to.have.lengthOf(1);
    });

    it('hashes with SHA-256 to 64 hex characters', () => {
      expect(hashApiKey('abc')).to.equal('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    });
  });

  describe('issue, verify, revoke', () => {
    const clock = new ManualClock('2026-03-01T10:00:00.000Z');
    const setup = () => {
      const { stores, unitOfWork } = createInMemoryStores();
      return { stores, unitOfWork, deps: { unitOfWork, clock, keys: stores.keys } };
    };

    it('stores only the hash, and audits the issue with the operator as actor', async () => {
      const { stores, deps } = setup();
      const { key, summary } = await createApiKey(deps, { name: 'Test app', scopes: ['quran'], permissions: ['read'] });
      const stored = await stores.keys.findById(summary.id);
      expect(stored?.hash).to.equal(hashApiKey(key));
      expect(JSON.stringify(stored)).not.to.contain(key);
      expect(summary).not.to.have.property('hash');
      const [entry] = await stores.audit.list();
      expect(entry).to.include({
        action: 'keys.create',
        keyId: null,
        keyName: 'operator',
        resource: `keys/${summary.id}`,
      });
      expect(JSON.stringify(entry)).not.to.contain(stored!.hash);
    });

    it('verifies: ok, missing, invalid, revoked, expired', async () => {
      const { deps } = setup();
      const { key, summary } = await createApiKey(deps, {
        name: 'Test',
        scopes: ['*'],
        permissions: ['read'],
        expiresAt: '2026-03-02',
      });
      expect((await verifyApiKey(deps, key)).outcome).to.equal('ok');
      expect((await verifyApiKey(deps, undefined)).outcome).to.equal('missing');
      expect((await verifyApiKey(deps, '  ')).outcome).to.equal('missing');
      expect((await verifyApiKey(deps, generateApiKey())).outcome).to.equal('invalid');

      clock.set('2026-03-03T00:00:00.000Z');
      expect((await verifyApiKey(deps, key)).outcome).to.equal('expired');
      clock.set('2026-03-01T10:00:00.000Z');

      await revokeApiKey(deps, summary.id);
      expect((await verifyApiKey(deps, key)).outcome).to.equal('revoked');
    });

    it('expires a date-only expiry at the end of that UTC day', async () => {
      const { deps } = setup();
      const { summary } = await createApiKey(deps, {
        name: 'Test',
        scopes: ['*'],
        permissions: ['read'],
        expiresAt: '2026-03-02',
      });
      expect(summary.expiresAt).to.equal('2026-03-02T23:59:59.999Z');
    });

    it('records the last use off the request path, at most once a minute, written when flushed', async () => {
      const { stores, deps, unitOfWork } = setup();
      const usage = new KeyUsageRecorder({ unitOfWork });
      const { key, summary } = await createApiKey(deps, { name: 'Test', scopes: ['*'], permissions: ['read'] });
      const lastUsed = async () => (await stores.keys.findById(summary.id))?.lastUsedAt;
      await verifyApiKey({ ...deps, usage }, key);
      expect(await lastUsed(), 'not written by the verification').to.equal(null);
      await usage.flush();
      expect(await lastUsed()).to.equal('2026-03-01T10:00:00.000Z');
      const auditEntries = (await stores.audit.list()).length;
      clock.advance(30_000);
      await verifyApiKey({ ...deps, keys: stores.keys, usage }, key);
      expect(usage.pendingCount, 'within the minute').to.equal(0);
      clock.advance(30_000);
      await verifyApiKey({ ...deps, usage }, key);
      await usage.flush();
      expect(await lastUsed()).to.equal('2026-03-01T10:01:00.000Z');
      expect((await stores.audit.list()).length, 'a use is not audited').to.equal(auditEntries);
      clock.set('2026-03-01T10:00:00.000Z');
    });

    it('verifies while the database cannot be written, and writes the last use once it can', async () => {
      const { stores, deps, unitOfWork } = setup();
      const { key, summary } = await createApiKey(deps, { name: 'Test', scopes: ['*'], permissions: ['read'] });
      let busy = true;
      const failures: unknown[] = [];
      const flaky: UnitOfWork = {
        run: (work) => (busy ? Promise.reject(new Error('database is locked')) : unitOfWork.run(work)),
      };
      const usage = new KeyUsageRecorder({ unitOfWork: flaky, onFlushError: (error) => failures.push(error) });
      expect((await verifyApiKey({ ...deps, usage }, key)).outcome).to.equal('ok');
      await usage.flush();
      expect(failures).to.have.lengthOf(1);
      expect(usage.pendingCount, 'kept for the next flush').to.equal(1);
      busy = false;
      await usage.flush();
      expect((await stores.keys.findById(summary.id))?.lastUsedAt).to.equal('2026-03-01T10:00:00.000Z');
      expect(usage.pendingCount).to.equal(0);
    });

    it("writes many keys' uses in one transaction per flush", async () => {
      const { deps, unitOfWork } = setup();
      let transactions = 0;
      const counting: UnitOfWork = { run: (work) => (transactions++, unitOfWork.run(work)) };
      const usage = new KeyUsageRecorder({ unitOfWork: counting });
      for (let i = 0; i < 5; i++) {
        const { key } = await createApiKey(deps, { name: `Key ${i}`, scopes: ['*'], permissions: ['read'] });
        await verifyApiKey({ ...deps, usage }, key);
      }
      await usage.flush();
      expect(transactions).to.equal(1);
    });

    it('lists summaries without hashes', async () => {
      const { stores, deps } = setup();
      await createApiKey(deps, { name: 'Test', scopes: ['*'], permissions: ['read'] });
      const [summary] = await listApiKeys(stores);
      expect(summary).not.to.have.property('hash');
    });

    for (const [input, field] of [
      [{ name: '', scopes: ['*'], permissions: ['read'] }, 'name'],
      [{ name: 'x', scopes: ['nope'], permissions: ['read'] }, 'scopes'],
      [{ name: 'x', scopes: [], permissions: ['read'] }, 'scopes'],
      [{ name: 'x', scopes: ['*'], permissions: ['admin'] }, 'permissions'],
      [{ name: 'x', scopes: ['*'], permissions: ['read'], expiresAt: '2026-02-30' }, 'expires'],
      [{ name: 'x', scopes: ['*'], permissions: ['read'], expiresAt: '2020-01-01' }, 'expires'],
    ] as const) {
      it(`refuses ${JSON.stringify(input)}, naming ${field}, and stores nothing`, async () => {
        const { stores, deps } = setup();
        const error = await createApiKey(deps, {
          ...input,
          scopes: [...input.scopes],
          permissions: [...input.permissions],
        }).catch((e: unknown) => e);
        expect(error).to.be.instanceOf(AppError).with.property('code', 'VALIDATION_ERROR');
        expect((error as AppError).message).to.contain(field);
        expect(await stores.keys.list()).to.deep.equal([]);
        expect(await stores.audit.list()).to.deep.equal([]);
      });
    }
  });

  describe('authorization', () => {
    const key = {
      id: 'key_TEST00000000',
      name: 'Test',
      hash: '0'.repeat(64),
      scopes: ['quran' as const],
      permissions: ['read' as const],
      expiresAt: null,
      revokedAt: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      lastUsedAt: null,
    };

    it('maps outcomes to the spec codes', () => {
      const code = (fn: () => unknown) => {
        try {
          fn();
        } catch (error) {
          return (error as AppError).code;
        }
        return 'none';
      };
      expect(code(() => requireVerifiedKey({ outcome: 'missing' }))).to.equal('MISSING_API_KEY');
      expect(code(() => requireVerifiedKey({ outcome: 'invalid' }))).to.equal('INVALID_API_KEY');
      expect(code(() => requireVerifiedKey({ outcome: 'revoked', key }))).to.equal('INVALID_API_KEY');
      expect(code(() => requireVerifiedKey({ outcome: 'expired', key }))).to.equal('EXPIRED_API_KEY');
      expect(requireVerifiedKey({ outcome: 'ok', key })).to.equal(key);
      expect(code(() => requireScope(key, 'hadith'))).to.equal('INSUFFICIENT_SCOPE');
      expect(code(() => requireScope(key, 'quran'))).to.equal('none');
      expect(code(() => requireScope({ ...key, scopes: ['*'] }, 'hadith'))).to.equal('none');
      expect(code(() => requirePermission(key, 'write'))).to.equal('INSUFFICIENT_PERMISSION');
      expect(code(() => requirePermission(key, 'read'))).to.equal('none');
    });
  });
});
