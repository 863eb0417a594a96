import { expect } from 'chai';
import { RepresentationCache } from './representation-cache.js';
import { Representation } from './representation.js';

const anAnswer = (bytes: number) =>
  new Representation(Buffer.from(JSON.stringify({ data: 'x'.repeat(bytes) })), { 'Content-Type': 'application/json' });
const entry = (bytes: number) => ({ representation: anAnswer(bytes), versions: null, minute: null });

describe('http: the representation cache', () => {
  it('drops the least recently used answers once their bytes pass the budget', () => {
    const cache = new RepresentationCache(20_000);
    cache.set('a', entry(5_000));
    cache.set('b', entry(5_000));
    cache.set('c', entry(5_000));
    cache.get('a');
    cache.set('d', entry(5_000));
    expect(cache.get('b')).to.equal(undefined);
    expect([cache.get('a'), cache.get('c'), cache.get('d')].every(Boolean)).to.equal(true);
    expect(cache.heldBytes).to.be.at.most(20_000);
  });

  it('counts each entry’s key and overhead, so many tiny answers stay within the budget', () => {
    const cache = new RepresentationCache(100_000);
    for (let i = 0; i < 10_000; i++) cache.set(`/api/v1/qibla?lat=${i}&lng=${'0'.repeat(100)}`, entry(10));
    expect(cache.heldBytes).to.be.at.most(100_000);
  });

  it('counts a compressed variant once it is made, and keeps no answer above half the budget', async () => {
    const cache = new RepresentationCache(1_000_000);
    const kept = entry(200_000);
    cache.set('kept', kept);
    const before = cache.heldBytes;
    const gzip = await kept.representation.bytes('gzip');
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.heldBytes).to.equal(before + gzip.length);
    cache.set('huge', entry(600_000));
    expect(cache.get('huge')).to.equal(undefined);
  });
});
