import { expect } from 'chai';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOG_FLUSH_MS } from '../src/log-destination.js';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'log-child.js');

interface Run {
  lines: () => number[];
  exited: Promise<number | null>;
}

function run(end: string): Run {
  const child = spawn(process.execPath, [CHILD, end], { stdio: ['ignore', 'pipe', 'ignore'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const lines = () =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => (JSON.parse(line) as { n: number }).n);
  return { lines, exited };
}

const oneToAThousand = Array.from({ length: 1000 }, (_, i) => i + 1);

describe('cli: request logs written asynchronously (asyncStdout)', () => {
  for (const [end, code] of [
    ['exit', 0],
    ['end', 0],
    ['throw', 1],
  ] as const) {
    it(`loses no line, in order, when the process ends by ${end}`, async () => {
      const child = run(end);
      expect(await child.exited).to.equal(code);
      expect(child.lines()).to.deep.equal(oneToAThousand);
    });
  }

  it(`writes lines waiting in memory within ${LOG_FLUSH_MS} ms while the process goes on`, async () => {
    const child = run('wait');
    const started = Date.now();
    while (child.lines().length < 1000 && Date.now() - started < 1_500) await new Promise((r) => setTimeout(r, 20));
    expect(child.lines()).to.deep.equal(oneToAThousand);
    expect(await child.exited).to.equal(0);
  });
});
