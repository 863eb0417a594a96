import { readOncePerTurn } from '@islamic-data/adapters-kysely';
import { expect } from 'chai';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('readOncePerTurn', () => {
  it('answers every call of one turn with one read', async () => {
    let reads = 0;
    const read = readOncePerTurn(async () => ++reads);
    expect(await Promise.all([read(), read(), read()])).to.deep.equal([1, 1, 1]);
    expect(reads).to.equal(1);
    expect(await read()).to.equal(2);
  });

  it('reads only after the calls it answers were made, so each sees what was done before it called', async () => {
    let committed = 'before';
    const read = readOncePerTurn(async () => committed);
    const early = read();
    committed = 'after';
    const late = read();
    expect(await late).to.equal('after');
    expect(await early).to.equal('after');
  });

  it('makes a call that comes once the read has begun wait for a read of its own', async () => {
    const started: ((value: number) => void)[] = [];
    const read = readOncePerTurn(() => new Promise<number>((resolve) => started.push(resolve)));
    const first = read();
    await nextTurn();
    expect(started).to.have.length(1);
    const second = read();
    started[0]!(1);
    expect(await first).to.equal(1);
    await nextTurn();
    expect(started).to.have.length(2);
    started[1]!(2);
    expect(await second).to.equal(2);
  });

  it('fails every call of a failed read, and reads again on the next call', async () => {
    let fail = true;
    const read = readOncePerTurn(async () => {
      if (fail) throw new Error('Test failure of the read');
      return 'read';
    });
    const failed = await Promise.allSettled([read(), read()]);
    expect(failed.map((each) => each.status)).to.deep.equal(['rejected', 'rejected']);
    fail = false;
    expect(await read()).to.equal('read');
  });
});
