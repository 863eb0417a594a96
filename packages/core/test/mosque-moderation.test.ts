import { expect } from 'chai';
import {
  AppError,
  ParameterError,
  ManualClock,
  OPERATOR_ACTOR,
  approveMosque,
  createInMemoryStores,
  getPublishedMosque,
  listMosques,
  listPendingMosques,
  rejectMosque,
  submitMosque,
  unpublishMosque,
  type MosqueSubmission,
  type Stores,
  type UnitOfWork,
} from '../src/index.js';

const KEY_ACTOR = { keyId: 'key_TEST00000000', keyName: 'Test key' };

const submission = (overrides: Partial<MosqueSubmission> = {}): MosqueSubmission => ({
  nameEn: 'Test Mosque Alpha',
  nameAr: 'مسجد الاختبار',
  addressLine1: '1 Test Road',
  city: 'Test City',
  country: 'GB',
  submitterEmail: 'test-submitter@example.org',
  description: 'Synthetic test record.',
  ...overrides,
});

describe('core: mosque submission and moderation', () => {
  let stores: Stores;
  let unitOfWork: UnitOfWork;
  let clock: ManualClock;
  let deps: { unitOfWork: UnitOfWork; clock: ManualClock };

  beforeEach(() => {
    ({ stores, unitOfWork } = createInMemoryStores());
    clock = new ManualClock('2026-05-01T10:00:00.000Z');
    deps = { unitOfWork, clock };
  });

  const failure = async (work: Promise<unknown>): Promise<AppError> => {
    const error = await work.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).to.be.instanceOf(AppError);
    return error as AppError;
  };

  it(
    'stores a submission as pending under a slug from its name and city, ' +
      'and audits it with the key, without the submitter e-mail',
    async () => {
      const result = await submitMosque(deps, submission(), KEY_ACTOR);
      expect(result).to.deep.equal({ slug: 'test-mosque-alpha-test-city', status: 'pending' });
      const stored = await stores.mosques.get(result.slug);
      expect(stored).to.include({
        status: 'pending',
        submitterEmail: 'test-submitter@example.org',
        submittedAt: '2026-05-01T10:00:00.000Z',
      });
      const [entry] = await stores.audit.list();
      expect(entry).to.include({
        ...KEY_ACTOR,
        action: 'mosques.submit',
        resource: `mosques/${result.slug}`,
        before: null,
      });
      expect(entry!.after).to.include({ slug: result.slug, status: 'pending', nameEn: 'Test Mosque Alpha' });
      expect(JSON.stringify(entry)).not.to.contain('test-submitter@example.org');
      expect(entry!.after).not.to.have.property('submitterEmail');
    },
  );

  it('de-duplicates slugs of submissions with the same name and city', async () => {
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await submitMosque(deps, submission(), KEY_ACTOR)).slug);
    expect(slugs).to.deep.equal([
      'test-mosque-alpha-test-city',
      'test-mosque-alpha-test-city-2',
      'test-mosque-alpha-test-city-3',
    ]);
  });

  it('stores and audits nothing for an invalid submission', async () => {
    const error = await failure(submitMosque(deps, submission({ phone: 'not a phone' }), KEY_ACTOR));
    expect(error).to.be.instanceOf(ParameterError).and.to.have.property('parameters').that.deep.equals(['phone']);
    expect(await stores.audit.list()).to.deep.equal([]);
    expect(await listPendingMosques(stores)).to.deep.equal([]);
  });

  it('does not list or show a pending mosque; approval publishes it, audited by the operator', async () => {
    const { slug } = await submitMosque(deps, submission({ lat: 51.5, lng: -0.12 }), KEY_ACTOR);
    expect(await listMosques(stores, {})).to.deep.equal([]);
    expect((await failure(getPublishedMosque(stores, slug))).code).to.equal('NOT_FOUND');
    expect((await listPendingMosques(stores)).map((m) => m.slug)).to.deep.equal([slug]);

    clock.advance(60_000);
    const { mosque, possibleDuplicates } = await approveMosque(deps, slug);
    expect(mosque).to.include({ status: 'published', lat: 51.5, lng: -0.12, moderatedAt: '2026-05-01T10:01:00.000Z' });
    expect(possibleDuplicates).to.deep.equal([]);
    expect(await getPublishedMosque(stores, slug)).to.include({ slug, nameEn: 'Test Mosque Alpha', country: 'GB' });
    const listed = await listMosques(stores, { near: '51.5,-0.12,1' });
    expect(listed).to.have.length(1);
    expect(listed[0]).to.include({ slug, distanceKm: 0 });
    expect(await listPendingMosques(stores)).to.deep.equal([]);

    const [entry] = await stores.audit.list({ action: 'mosques.approve' });
    expect(entry).to.include({ ...OPERATOR_ACTOR, resource: `mosques/${slug}` });
    expect(entry!.before).to.include({ status: 'pending' });
    expect(entry!.after).to.include({ status: 'published' });
    expect(JSON.stringify(await stores.audit.list())).not.to.contain('test-submitter@example.org');
  });

  it('shows only the public fields of a published mosque', async () => {
    const { slug } = await submitMosque(deps, submission({ lat: 1, lng: 2 }), KEY_ACTOR);
    await approveMosque(deps, slug);
    const shown = await getPublishedMosque(stores, slug);
    expect(Object.keys(shown)).to.deep.equal([
      'slug',
      'nameEn',
      'nameAr',
      'addressLine1',
      'city',
      'country',
      'lat',
      'lng',
      'denomination',
      'phone',
      'website',
      'email',
      'description',
      'languages',
      'schedule',
      'source',
    ]);
  });

  it('refuses to approve without coordinates, and takes the operator’s coordinates', async () => {
    const { slug } = await submitMosque(deps, submission(), KEY_ACTOR);
    const error = await failure(approveMosque(deps, slug));
    expect(error).to.have.property('parameters').that.deep.equals(['lat', 'lng']);
    expect((await stores.mosques.get(slug))!.status).to.equal('pending');
    expect(await failure(approveMosque(deps, slug, { lat: 10 })))
      .to.have.property('parameters')
      .that.includes('lng');
    expect(await failure(approveMosque(deps, slug, { lat: 95, lng: 0 })))
      .to.have.property('parameters')
      .that.deep.equals(['lat']);
    const { mosque } = await approveMosque(deps, slug, { lat: 21.5, lng: 39.2 });
    expect(mosque).to.include({ lat: 21.5, lng: 39.2, status: 'published' });
  });

  it('reports a published mosque within 100 m with a similar name, and still approves', async () => {
    const first = await submitMosque(deps, submission({ lat: 40, lng: 29 }), KEY_ACTOR);
    await approveMosque(deps, first.slug);
    const far = await submitMosque(deps, submission({ city: 'Far Town', lat: 40.01, lng: 29 }), KEY_ACTOR);
    expect((await approveMosque(deps, far.slug)).possibleDuplicates).to.deep.equal([]);
    const other = await submitMosque(
      deps,
      submission({ nameEn: 'Test Mosque Beta', nameAr: null, city: 'Other', lat: 40.0003, lng: 29 }),
      KEY_ACTOR,
    );
    expect((await approveMosque(deps, other.slug)).possibleDuplicates).to.deep.equal([]);
    const twin = await submitMosque(deps, submission({ city: 'Twin', lat: 40.0005, lng: 29.0001 }), KEY_ACTOR);
    const { mosque, possibleDuplicates } = await approveMosque(deps, twin.slug);
    expect(mosque.status).to.equal('published');
    expect(possibleDuplicates).to.have.length(1);
    expect(possibleDuplicates[0]).to.include({ slug: first.slug, nameEn: 'Test Mosque Alpha', similarity: 1 });
    expect(possibleDuplicates[0]!.distanceM).to.be.within(50, 60);
  });

  it('rejects a pending mosque with a reason; a rejected one cannot be approved', async () => {
    const { slug } = await submitMosque(deps, submission({ lat: 1, lng: 1 }), KEY_ACTOR);
    expect((await failure(rejectMosque(deps, slug, '  '))).code).to.equal('VALIDATION_ERROR');
    const rejected = await rejectMosque(deps, slug, 'Test reason: duplicate');
    expect(rejected).to.include({ status: 'rejected', moderationReason: 'Test reason: duplicate' });
    const error = await failure(approveMosque(deps, slug));
    expect(error.code).to.equal('CONFLICT');
    expect(error.message).to.contain('rejected');
    expect((await failure(rejectMosque(deps, slug, 'again'))).code).to.equal('CONFLICT');
    const [entry] = await stores.audit.list({ action: 'mosques.reject' });
    expect(entry!.after).to.include({ status: 'rejected', moderationReason: 'Test reason: duplicate' });
    expect(entry).to.include(OPERATOR_ACTOR);
  });

  it('unpublishes a published mosque, which approval can publish again', async () => {
    const { slug } = await submitMosque(deps, submission({ lat: 1, lng: 1 }), KEY_ACTOR);
    expect((await failure(unpublishMosque(deps, slug))).code).to.equal('CONFLICT');
    await approveMosque(deps, slug);
    const unpublished = await unpublishMosque(deps, slug, 'Test reason: closed');
    expect(unpublished).to.include({ status: 'unpublished', moderationReason: 'Test reason: closed' });
    expect(await listMosques(stores, {})).to.deep.equal([]);
    expect((await failure(getPublishedMosque(stores, slug))).code).to.equal('NOT_FOUND');
    const { mosque } = await approveMosque(deps, slug);
    expect(mosque).to.include({ status: 'published', moderationReason: null });
    expect((await stores.audit.list()).map((e) => e.action).reverse()).to.deep.equal([
      'mosques.submit',
      'mosques.approve',
      'mosques.unpublish',
      'mosques.approve',
    ]);
  });

  it('answers NOT_FOUND for moderating an unknown slug', async () => {
    for (const work of [
      approveMosque(deps, 'test-none', { lat: 1, lng: 1 }),
      rejectMosque(deps, 'test-none', 'x'),
      unpublishMosque(deps, 'test-none'),
    ]) {
      expect((await failure(work)).code).to.equal('NOT_FOUND');
    }
    expect(await stores.audit.list()).to.deep.equal([]);
  });
});
