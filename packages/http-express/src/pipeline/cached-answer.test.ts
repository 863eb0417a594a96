import { InMemoryContentVersions, ManualClock } from '@islamic-data/core';
import { expect } from 'chai';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { AppDependencies } from '../dependencies.js';
import type { RepresentationCache } from '../platform/representation-cache.js';
import type { RouteDefinition } from '../platform/route.js';
import { cachedAnswers, flat } from './cached-answer.js';
import type { RequestContext } from './request-context.js';
import type { ValidatedInput } from './validate-input.js';

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const COUNT = 4000;

/** The heap's growth, in bytes a key, while the keys that `make` gives are kept. */
async function bytesPerKeptKey(make: () => Promise<string[]>): Promise<number> {
  collectGarbage();
  const before = process.memoryUsage().heapUsed;
  const kept = await make();
  collectGarbage();
  const grown = process.memoryUsage().heapUsed - before;
  expect(kept).to.have.length(COUNT);
  return grown / COUNT;
}
const keys = (make: (i: number) => string) => async () => Array.from({ length: COUNT }, (_, i) => make(i));

/** A prayer-times query as validation gives it: many parameters, each made into its own piece of the key. */
const inputOf = (i: number): ValidatedInput =>
  ({
    params: {},
    query: { date: '2026-11-27', lat: 21.4225 + i / 1e4, lng: 39.8262, madhab: 'shafi', method: 'MWL', lang: 'en' },
  }) as unknown as ValidatedInput;

describe('cached answers: the keys kept', () => {
  const route = { method: 'get', path: '/prayer-times', resource: null, reads: [] } as unknown as RouteDefinition;
  const deps = {
    contentVersions: new InMemoryContentVersions(),
    clock: new ManualClock(new Date('2026-11-27T12:00:00Z')),
  } as unknown as AppDependencies;
  const answers = cachedAnswers(deps, {} as RepresentationCache);
  const ctx = {} as RequestContext;

  it('are the text of the concatenation, unchanged', () => {
    const parts = ['get', '/prayer-times', JSON.stringify({ lat: 1 })];
    expect(flat(parts.join(' '))).to.equal('get /prayer-times {"lat":1}');
    expect(flat('')).to.equal('');
  });

  const slotKeys = async () => {
    const slots = await Promise.all(Array.from({ length: COUNT }, (_, i) => answers.slotFor(ctx, route, inputOf(i))));
    return slots.map((slot) => slot!.key);
  };

  it('hold a third of the memory of the pieces they were built from, or less', async () => {
    expect((await answers.slotFor(ctx, route, inputOf(1)))!.key).to.equal(
      'get /prayer-times open [[],[["date","2026-11-27"],["lat",21.4226],["lng",39.8262],["madhab","shafi"],' +
        '["method","MWL"],["lang","en"]]]',
    );
    // The same text, built piece by piece as the slot builds it, but kept as it was built.
    const piecewise = (i: number) => {
      let text = '';
      for (const [name, value] of Object.entries(inputOf(i).query)) {
        const entry = `[${JSON.stringify(name)},${JSON.stringify(value)}]`;
        text = text === '' ? entry : `${text},${entry}`;
      }
      return `get /prayer-times open [[],[${text}]]`;
    };
    const asBuilt = await bytesPerKeptKey(keys(piecewise));
    const flatKeys = await bytesPerKeptKey(keys((i) => flat(piecewise(i))));
    const keptBySlots = await bytesPerKeptKey(slotKeys);
    expect(asBuilt).to.be.above(600);
    expect(flatKeys).to.be.below(asBuilt / 3);
    expect(keptBySlots).to.be.below(asBuilt / 3);
  });
});
