import { AppError } from '@islamic-data/core';
import type { BuiltAnswer } from '@islamic-data/http-express';
import { expect } from 'chai';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WorkerAnswerBuilder } from '../src/answer-builder.js';
import { ANSWER_WORKER_NICENESS } from '../src/thread-priority.js';
import { SEEDED_COLLECTION, seedSyntheticContent } from './content-seed.js';

const SMALL_HEAP_MB = 32;
/** A synthetic collection whose download (about 48 MB of JSON) cannot be built in a 32 MB heap. */
const HADITHS = 6000;
const longText = (number: number) => `Synthetic hadith ${number}. `.repeat(300);

const surah = (builder: WorkerAnswerBuilder, n: number) =>
  builder.build('GET /quran/surahs/{surah}/ayahs', { params: { surah: n }, query: {}, body: undefined }, null);
const download = (builder: WorkerAnswerBuilder) =>
  builder.build(
    'GET /translations/hadith/{collection}/{lang}',
    { params: { collection: SEEDED_COLLECTION, lang: 'ar' }, query: {}, body: undefined },
    null,
  );
const bodyOf = (answer: BuiltAnswer) => ('body' in answer ? JSON.parse(Buffer.from(answer.body).toString()) : answer);

/** Each thread of this process by its task id, with its niceness (the 19th field of its stat). */
function threadNiceness(): Map<number, number> {
  const threads = new Map<number, number>();
  for (const task of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
    // The fields after the command's name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    threads.set(Number(task), Number(fields[16]));
  }
  return threads;
}

describe('the answer worker (WorkerAnswerBuilder)', function () {
  this.timeout(120_000);
  let dir: string;
  let databasePath: string | undefined;
  let builder: WorkerAnswerBuilder;
  const failures: Error[] = [];

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'answer-builder-'));
    const file = join(dir, 'content.db');
    await seedSyntheticContent(file, { hadiths: HADITHS, textAr: longText });
    // The worker reads the server's configuration from the environment it starts with.
    databasePath = process.env.DATABASE_PATH;
    process.env.DATABASE_PATH = file;
    builder = new WorkerAnswerBuilder(SMALL_HEAP_MB, { onWorkerFailure: (error) => failures.push(error) });
  });

  after(async () => {
    await builder.close();
    if (databasePath === undefined) delete process.env.DATABASE_PATH;
    else process.env.DATABASE_PATH = databasePath;
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a build too large for its heap (503); the builds beside it are made again alone', async () => {
    const [tooLarge, ...surahs] = await Promise.allSettled([download(builder), surah(builder, 1), surah(builder, 2)]);
    expect(tooLarge.status).to.equal('rejected');
    const refusal = (tooLarge as PromiseRejectedResult).reason as AppError;
    expect(refusal).to.be.instanceOf(AppError);
    expect(refusal.code).to.equal('SERVICE_UNAVAILABLE');
    expect(surahs.map((settled) => settled.status)).to.deep.equal(['fulfilled', 'fulfilled']);
    const [first, second] = surahs.map((settled) => bodyOf((settled as PromiseFulfilledResult<BuiltAnswer>).value));
    expect(first.data[0].surah).to.equal(1);
    expect(second.data[0].surah).to.equal(2);
    expect(failures.length).to.be.at.least(1);
    expect(failures[0]!.message).to.match(/memory/i);
  });

  it('builds the next answers in a new worker after that', async () => {
    const answer = bodyOf(await surah(builder, 3));
    expect(answer.data[0].surah).to.equal(3);
  });

  it('builds at a lower priority than the process’s other threads (Linux)', async () => {
    const before = threadNiceness();
    const warmed = new WorkerAnswerBuilder(SMALL_HEAP_MB);
    try {
      warmed.warmUp();
      expect(bodyOf(await surah(warmed, 1)).data[0].surah).to.equal(1);
      const started = [...threadNiceness()].filter(([task]) => !before.has(task));
      expect(started.filter(([, niceness]) => niceness === ANSWER_WORKER_NICENESS)).to.have.length(1);
      // The main thread's priority is its own.
      expect(before.get(process.pid)).not.to.equal(ANSWER_WORKER_NICENESS);
      expect(threadNiceness().get(process.pid)).to.equal(before.get(process.pid));
    } finally {
      await warmed.close();
    }
  });

  it('starts its worker when warmed up, before any build', async () => {
    const warmed = new WorkerAnswerBuilder(SMALL_HEAP_MB);
    try {
      expect(warmed.workers).to.equal(0);
      warmed.warmUp();
      expect(warmed.workers).to.equal(1);
      expect(bodyOf(await surah(warmed, 1)).data[0].surah).to.equal(1);
      expect(warmed.workers).to.equal(1);
    } finally {
      await warmed.close();
    }
    expect(warmed.workers).to.equal(0);
  });
});
