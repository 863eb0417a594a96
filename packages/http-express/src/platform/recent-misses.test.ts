import { expect } from 'chai';
import { RecentMisses } from './recent-misses.js';

describe('http: the recent misses of large answers (a doorkeeper)', () => {
  it('knows a key only once it missed', () => {
    const misses = new RecentMisses(3);
    expect(misses.has('GET /a')).to.equal(false);
    misses.note('GET /a');
    expect(misses.has('GET /a')).to.equal(true);
    expect(misses.has('GET /b')).to.equal(false);
  });

  it('forgets the oldest miss past its capacity; a miss noted again is the newest', () => {
    const misses = new RecentMisses(3);
    for (const key of ['a', 'b', 'c']) misses.note(key);
    misses.note('a');
    misses.note('d');
    expect(['a', 'b', 'c', 'd'].filter((key) => misses.has(key))).to.deep.equal(['a', 'c', 'd']);
    expect(misses.size).to.equal(3);
  });

  it('stays within its capacity whatever the keys, however long', () => {
    const misses = new RecentMisses(100);
    for (let n = 0; n < 10_000; n++) misses.note(`GET /hadith ${'x'.repeat(n % 5_000)} ${n}`);
    expect(misses.size).to.equal(100);
    expect(misses.has(`GET /hadith ${'x'.repeat(9_999 % 5_000)} 9999`)).to.equal(true);
    expect(misses.has(`GET /hadith ${'x'.repeat(0)} 0`)).to.equal(false);
  });
});
