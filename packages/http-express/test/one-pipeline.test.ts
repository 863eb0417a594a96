import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every TypeScript file of http-express's src, tests beside their code included, as [path, text]. */
const SOURCE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const sources = readdirSync(SOURCE_DIR, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => [file, readFileSync(path.join(SOURCE_DIR, file), 'utf8')] as const);

const filesMatching = (pattern: RegExp) => sources.filter(([, text]) => pattern.test(text)).map(([file]) => file);

describe('http: one request pipeline (a static check of the source)', () => {
  it('reads the source it checks', () => {
    expect(sources.map(([file]) => file)).to.include.members(['app.ts', path.join('pipeline', 'pipeline.ts')]);
  });

  it('assigns no handle of an app: nothing takes the place of Express’s dispatch', () => {
    expect(filesMatching(/\.\s*handle\s*=(?!=)|\[\s*['"]handle['"]\s*\]\s*=(?!=)/)).to.deep.equal([]);
  });

  it('hands no state through the response: no step or route reads or writes res.locals', () => {
    expect(filesMatching(/\blocals\b/)).to.deep.equal([]);
  });

  it('builds the error envelope in one function', () => {
    const builders = sources.flatMap(([file, text]) =>
      [...text.matchAll(/(?<!`)\{\s*error:\s*\{\s*code\b/g)].map(() => file),
    );
    const realBuilders = builders.filter((file) => !file.endsWith('.test.ts'));
    expect(realBuilders).to.deep.equal([path.join('pipeline', 'error-envelope.ts')]);
    expect(filesMatching(/\.json\(\s*\{\s*error\b/)).to.deep.equal([]);
  });

  it('matches paths in one place: no Express router, no route regexes elsewhere', () => {
    expect(filesMatching(/\bapp\.(get|put|post|patch|delete|all|use|route)\(|\.Router\(/)).to.deep.equal([]);
    expect(filesMatching(/toExpressPath|routedPathKey/)).to.deep.equal([]);
  });
});
