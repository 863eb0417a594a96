import { expect } from 'chai';
import { availableParallelism } from 'node:os';
import { loadConfig } from '../src/config.js';

describe('config: DATABASE_URL, REDIS_URL and WORKERS (CONTRACT §17)', () => {
  it('defaults to the SQLite file, no Redis and one process', () => {
    expect(loadConfig({})).to.include({ databaseUrl: undefined, redisUrl: undefined, workers: 1 });
  });

  it('takes postgres:// and postgresql:// URLs, redis:// and rediss:// URLs, a worker count and auto', () => {
    for (const url of ['postgres://test:secret@127.0.0.1:5432/test', 'postgresql://127.0.0.1/test'])
      expect(loadConfig({ DATABASE_URL: url }).databaseUrl).to.equal(url);
    for (const url of ['redis://127.0.0.1:6379', 'rediss://test:secret@127.0.0.1:6380/2'])
      expect(loadConfig({ REDIS_URL: url }).redisUrl).to.equal(url);
    expect(loadConfig({ WORKERS: '4' }).workers).to.equal(4);
    expect(loadConfig({ WORKERS: 'auto' }).workers).to.equal(availableParallelism());
  });

  it('refuses other URLs without repeating them (they may hold a password), and a bad worker count', () => {
    const refusal = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error(`accepted ${JSON.stringify(env)}`);
    };
    for (const value of ['mysql://test:secret@host/db', 'secret', 'http://host/db'])
      expect(refusal({ DATABASE_URL: value }))
        .to.equal('DATABASE_URL must be a URL starting with postgres:// or postgresql://.')
        .and.not.contain('secret');
    for (const value of ['postgres://host', 'host:6379'])
      expect(refusal({ REDIS_URL: value })).to.equal('REDIS_URL must be a URL starting with redis:// or rediss://.');
    for (const value of ['0', '-1', '1.5', 'all', '257'])
      expect(refusal({ WORKERS: value })).to.equal(`WORKERS must be an integer from 1 to 256, got '${value}'.`);
  });
});

describe('config: METRICS_PORT (CONTRACT §22)', () => {
  it('is off unless set; takes a port (0: a free one) and refuses anything else', () => {
    expect(loadConfig({}).metricsPort).to.equal(undefined);
    expect(loadConfig({ METRICS_PORT: '' }).metricsPort).to.equal(undefined);
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).to.equal(9464);
    expect(loadConfig({ METRICS_PORT: '0' }).metricsPort).to.equal(0);
    for (const value of ['-1', '65536', 'on', '94.64'])
      expect(() => loadConfig({ METRICS_PORT: value })).to.throw(
        `METRICS_PORT must be an integer from 0 to 65535, got '${value}'.`,
      );
  });
});

describe('config: MEMORY_BUDGET_MB', () => {
  it('is 256 unless set, and takes a whole number of megabytes from 16', () => {
    expect(loadConfig({}).memoryBudgetMegabytes).to.equal(256);
    expect(loadConfig({ MEMORY_BUDGET_MB: '512' }).memoryBudgetMegabytes).to.equal(512);
    for (const bad of ['0', '15', '1.5', 'lots', '-256'])
      expect(() => loadConfig({ MEMORY_BUDGET_MB: bad }), bad).to.throw(/MEMORY_BUDGET_MB must be an integer from 16/);
  });

  it('refuses CACHE_MAX_MB, which it replaced, by name', () => {
    expect(() => loadConfig({ CACHE_MAX_MB: '64' })).to.throw(/CACHE_MAX_MB is replaced by MEMORY_BUDGET_MB/);
  });
});

describe('config: TRUST_PROXY (issue 26, point 3)', () => {
  const refusal = (value: string) => {
    try {
      loadConfig({ TRUST_PROXY: value });
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error(`accepted TRUST_PROXY=${value}`);
  };

  it('takes false, a hop count, and addresses, CIDR ranges and the names Express knows', () => {
    expect(loadConfig({}).trustProxy).to.equal(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).to.equal(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).to.equal(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.10' }).trustProxy).to.equal('10.0.0.10');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, fd00::/8,loopback' }).trustProxy).to.equal(
      '10.0.0.0/8,fd00::/8,loopback',
    );
    expect(loadConfig({ TRUST_PROXY: '192.168.0.0/255.255.0.0' }).trustProxy).to.equal('192.168.0.0/255.255.0.0');
  });

  it('refuses true, saying why, and anything that is not an address', () => {
    for (const value of ['true', 'TRUE', ' true '])
      expect(refusal(value)).to.contain('TRUST_PROXY=true would let any client choose the address');
    for (const value of ['proxy.internal', '10.0.0.1/33', '::1/129', '10.0.0.1,', 'all', '10.0.0.1/8/8'])
      expect(refusal(value)).to.contain('is none of those');
    expect(refusal('\u001b[2J')).not.to.contain('\u001b');
  });
});
