import { expect } from 'chai';
import { ESLint } from 'eslint';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as prettier from 'prettier';
import { REPOSITORY_ROOT } from './repository-root.js';

/** Every tracked file git knows (and untracked ones it does not ignore), as the next commit would have them. */
function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: REPOSITORY_ROOT,
    encoding: 'utf8',
  });
  return listed.split('\0').filter((file) => file !== '');
}

describe('code style of the whole repository', function () {
  this.timeout(180_000);

  it('is ESLint clean (typescript-eslint, the package boundaries)', async () => {
    const eslint = new ESLint({ cwd: REPOSITORY_ROOT });
    const results = await eslint.lintFiles(['.']);
    const report = (await eslint.loadFormatter('stylish')).format(results);
    expect(ESLint.getErrorResults(results), String(report)).to.deep.equal([]);
  });

  it('is formatted by Prettier (line width 120)', async () => {
    const unformatted: string[] = [];
    for (const file of repositoryFiles()) {
      const filepath = path.join(REPOSITORY_ROOT, file);
      const info = await prettier.getFileInfo(filepath, { ignorePath: path.join(REPOSITORY_ROOT, '.prettierignore') });
      if (info.ignored || info.inferredParser === null) continue;
      const options = await prettier.resolveConfig(filepath);
      if (!(await prettier.check(await readFile(filepath, 'utf8'), { ...options, filepath }))) unformatted.push(file);
    }
    expect(unformatted, 'run `npm run format`').to.deep.equal([]);
  });
});
