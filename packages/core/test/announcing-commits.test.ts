import { expect } from 'chai';
import {
  AppError,
  announcingCommits,
  createApiKey,
  createInMemoryStores,
  listApiKeys,
  systemClock,
} from '../src/index.js';

describe('announcingCommits: the versions a commit raised, told before the caller goes on', () => {
  it('announces after each commit, once, and after the work has committed', async () => {
    const storage = createInMemoryStores();
    const seen: number[] = [];
    const unitOfWork = announcingCommits(storage.unitOfWork, async () => {
      seen.push((await storage.contentVersions.current()).keys);
    });
    const before = (await storage.contentVersions.current()).keys;
    await createApiKey({ unitOfWork, clock: systemClock }, { name: 'Test key', scopes: ['*'], permissions: ['read'] });
    expect(seen).to.deep.equal([before + 1]);
  });

  it('announces nothing for a unit of work that fails, and lets its error through', async () => {
    const storage = createInMemoryStores();
    let announced = 0;
    const unitOfWork = announcingCommits(storage.unitOfWork, async () => void (announced += 1));
    const failure = new Error('the work failed');
    const caught = await unitOfWork.run(async () => Promise.reject(failure)).catch((error: unknown) => error);
    expect(caught).to.equal(failure);
    expect(announced).to.equal(0);
  });

  it('keeps the change when the announcement fails, and says so (SERVICE_UNAVAILABLE)', async () => {
    const storage = createInMemoryStores();
    const unitOfWork = announcingCommits(storage.unitOfWork, async () => Promise.reject(new Error('Redis is down')));
    const input = { name: 'Test kept', scopes: ['*'], permissions: ['read' as const] };
    const caught = await createApiKey({ unitOfWork, clock: systemClock }, input).catch((error: unknown) => error);
    expect(caught).to.be.instanceOf(AppError);
    expect((caught as AppError).code).to.equal('SERVICE_UNAVAILABLE');
    expect((caught as AppError).message).to.contain('saved');
    expect((await listApiKeys(storage.stores)).map((key) => key.name)).to.deep.equal(['Test kept']);
  });
});
