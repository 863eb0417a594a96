import { InMemoryContentVersions, type AdmissionRequest, type ContentVersionVector } from '@islamic-data/core';
import { sharedRedis } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import type { Redis } from 'ioredis';
import {
  closeRedis,
  connectRedis,
  redisRequestAdmission,
  redisVersionAnnouncer,
  untilRedisReady,
} from '../src/index.js';

const policy = { limit: 3, windowMs: 60_000 };
const now = new Date('2026-01-01T00:00:30.000Z');
const counted = (bucket: string, keysVersion: number | null = null): AdmissionRequest => ({
  counts: [{ bucket }],
  now,
  keysVersion,
});

describe('Redis request admission: the count and the content versions in one script', function () {
  this.timeout(600_000);
  const clients: Redis[] = [];
  let url: string;
  let deployments = 0;
  before(async () => {
    url = (await sharedRedis()).url;
  });
  after(async () => {
    await Promise.all(clients.map(closeRedis));
  });

  /** One deployment: its database's versions (in memory here), a client counting its commands, its keys. */
  async function deployment() {
    const stored = new InMemoryContentVersions();
    const options = { keyPrefix: `test-${process.pid}-admit-${++deployments}:`, versionsKey: '' };
    options.versionsKey = `${options.keyPrefix}versions`;
    const instance = async () => {
      const client = connectRedis(url);
      clients.push(client);
      expect(await untilRedisReady(client)).to.equal(true);
      const commands: string[] = [];
      const send = client.sendCommand.bind(client);
      client.sendCommand = ((...args: Parameters<Redis['sendCommand']>) => {
        commands.push(args[0].name);
        return send(...args);
      }) as Redis['sendCommand'];
      const announcer = redisVersionAnnouncer(client, stored, options);
      return { client, commands, announcer, admission: redisRequestAdmission(client, policy, announcer, options) };
    };
    return { stored, options, instance };
  }

  const versionsOf = async (admission: { admit(r: AdmissionRequest): Promise<{ versions: ContentVersionVector }> }) =>
    (await admission.admit(counted(`probe-${Math.random()}`))).versions;

  it('answers a request with one command once the versions are announced, and counts it exactly', async () => {
    const { stored, instance } = await deployment();
    stored.bump('quran');
    const a = await instance();
    const first = await a.admission.admit(counted('key:A'));
    expect(first.outcome).to.equal('counted');
    expect(first.versions).to.deep.equal(await stored.current());
    a.commands.length = 0;
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push(await a.admission.admit(counted('key:A')));
    expect(a.commands).to.deep.equal(['evalsha', 'evalsha', 'evalsha']);
    expect(outcomes.map((o) => (o.outcome === 'counted' ? o.decisions[0]!.remaining : -1))).to.deep.equal([1, 0, 0]);
    expect(outcomes.map((o) => (o.outcome === 'counted' ? o.decisions[0]!.allowed : null))).to.deep.equal([
      true,
      true,
      false,
    ]);
    expect(a.admission.latest()).to.deep.equal(await stored.current());
  });

  it('counts across instances exactly: 3 allowed of 12 sent through three clients at once', async () => {
    const { instance } = await deployment();
    const instances = await Promise.all([instance(), instance(), instance()]);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => instances[i % 3]!.admission.admit(counted('key:B'))),
    );
    const allowed = answers.filter((a) => a.outcome === 'counted' && a.decisions[0]!.allowed);
    expect(allowed).to.have.length(3);
  });

  it('shows another instance a commit once its writer announces it, not before', async () => {
    const { stored, instance } = await deployment();
    const [writer, reader] = [await instance(), await instance()];
    const before = await versionsOf(reader.admission);
    stored.bump('hadith');
    // Committed, not yet announced: Redis still holds what was announced (the reader learns it with its count).
    expect(await versionsOf(reader.admission)).to.deep.equal(before);
    await writer.announcer.announce();
    expect((await versionsOf(reader.admission)).hadith).to.equal(before.hadith + 1);
  });

  it('never lowers a version: announcements that arrive out of order keep the highest', async () => {
    const { stored, options, instance } = await deployment();
    const a = await instance();
    stored.bump('mosques');
    stored.bump('mosques');
    await a.announcer.announce();
    // An older announcement arriving late (its writer read the versions before the last commit).
    const older = { current: async () => ({ ...(await stored.current()), mosques: 1 }) };
    await redisVersionAnnouncer(a.client, older, options).announce();
    expect((await versionsOf(a.admission)).mosques).to.equal(2);
  });

  it("reads the database's versions again when Redis has lost them, before counting anything", async () => {
    const { stored, options, instance } = await deployment();
    const a = await instance();
    await versionsOf(a.admission);
    stored.bump('editions');
    await a.client.del(options.versionsKey);
    const answer = await a.admission.admit(counted('key:C'));
    expect(answer.versions).to.deep.equal(await stored.current());
    expect(answer.outcome === 'counted' && answer.decisions[0]!.remaining).to.equal(2);
  });

  it('announces the database’s versions again after reconnecting (a Redis restarted with older data)', async () => {
    const { stored, instance } = await deployment();
    const a = await instance();
    const before = await versionsOf(a.admission);
    stored.bump('quran');
    expect(await versionsOf(a.admission)).to.deep.equal(before);
    const reconnected = new Promise((resolve) => a.client.once('ready', resolve));
    a.client.disconnect(true);
    await reconnected;
    expect((await versionsOf(a.admission)).quran).to.equal(before.quran + 1);
  });

  it('counts nothing and says so when the keys version has moved since the key was looked up', async () => {
    const { stored, instance } = await deployment();
    const a = await instance();
    const { keys } = await versionsOf(a.admission);
    stored.bump('keys');
    await a.announcer.announce();
    const moved = await a.admission.admit(counted('key:D', keys));
    expect(moved.outcome).to.equal('keys-moved');
    expect(moved.versions.keys).to.equal(keys + 1);
    const again = await a.admission.admit(counted('key:D', keys + 1));
    expect(again.outcome === 'counted' && again.decisions[0]!.remaining).to.equal(2, 'the first count of key:D');
  });

  it('stops at the first count over its limit: the tighter bucket after it is not spent', async () => {
    const { instance } = await deployment();
    const a = await instance();
    const hourly = { limit: 5, windowMs: 3_600_000 };
    const request: AdmissionRequest = {
      counts: [{ bucket: 'ip:E' }, { bucket: 'submissions:ip:E', policy: hourly }],
      now,
      keysVersion: null,
    };
    const remaining = [];
    for (let i = 0; i < 5; i++) {
      const answer = await a.admission.admit(request);
      remaining.push(answer.outcome === 'counted' ? answer.decisions.map((d) => d.remaining) : []);
    }
    expect(remaining).to.deep.equal([[2, 4], [1, 3], [0, 2], [0], [0]]);
  });
});
