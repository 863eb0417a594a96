import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli, startServerProcess, type ServerProcess } from './cli-process.js';
import { callApi, readDatabase } from './content-seed.js';

describe('cli: mosques moderation against a running server on the same DATABASE_PATH', function () {
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-cli-mosques-'));
  const env = { DATABASE_PATH: path.join(dir, 'islamic-data.db'), LOG_LEVEL: 'info' };
  const printed: string[] = [];
  const submitterEmails: string[] = [];
  let server: ServerProcess;
  let key: string;

  const cli = async (...args: string[]) => {
    const result = await runCli(args, env);
    printed.push(result.stdout + result.stderr);
    return result;
  };
  const submit = async (n: number, extra: Record<string, unknown> = {}) => {
    const submitterEmail = `test-submitter-${n}@example.org`;
    submitterEmails.push(submitterEmail);
    const response = await callApi(server.url, key, 'POST', '/mosques', {
      nameEn: `Test Mosque ${n}`,
      addressLine1: `${n} Test Road`,
      city: 'Testford',
      country: 'GB',
      submitterEmail,
      ...extra,
    });
    expect(response.status).to.equal(202);
    return (response.body as { data: { slug: string } }).data.slug;
  };
  const status = async (slug: string) => (await callApi(server.url, key, 'GET', `/mosques/${slug}`)).status;
  const auditRows = () =>
    readDatabase(
      env.DATABASE_PATH,
      (db) =>
        db
          .prepare(
            `select key_id, key_name, action, resource, before_json, after_json ` +
              `from audit_log where resource like 'mosques/%' order by id`,
          )
          .all() as {
          key_id: string | null;
          key_name: string;
          action: string;
          resource: string;
          before_json: string | null;
          after_json: string | null;
        }[],
    );

  let located: string;
  let unlocated: string;
  before(async () => {
    const created = await cli(
      'keys',
      'create',
      '--name',
      'Test submitter app',
      '--scopes',
      'mosques',
      '--permissions',
      'read,write',
      '--json',
    );
    expect(created.code, created.stderr).to.equal(0);
    key = JSON.parse(created.stdout).key;
    server = await startServerProcess(env);
    located = await submit(1, { lat: 51.75, lng: -1.25 });
    unlocated = await submit(2);
  });
  after(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists pending submissions, oldest first, with the submitter e-mail for the operator', async () => {
    const listed = await cli('mosques', 'pending', '--json');
    expect(listed.code, listed.stderr).to.equal(0);
    const pending = JSON.parse(listed.stdout) as { slug: string; submitterEmail: string; status: string }[];
    expect(pending.map((m) => m.slug)).to.deep.equal([located, unlocated]);
    expect(pending[0]).to.include({ submitterEmail: 'test-submitter-1@example.org', status: 'pending' });
    const human = await cli('mosques', 'pending');
    expect(human.stdout).to.contain(located).and.contain('test-submitter-2@example.org').and.contain('submitterEmail');
  });

  it('refuses to approve without coordinates, changing nothing', async () => {
    const refused = await cli('mosques', 'approve', unlocated);
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.contain('--lat');
    expect(await status(unlocated)).to.equal(404);
    const half = await cli('mosques', 'approve', unlocated, '--lat', '51.7');
    expect(half.code).to.equal(1);
    expect(half.stderr).to.contain("'lng'");
    expect((await cli('mosques', 'approve', unlocated, '--lat', 'north', '--lng', '1')).code).to.equal(1);
  });

  it(
    'approves with the submitted coordinates, ' + 'or with --lat/--lng (negative ones too), and the server lists it',
    async () => {
      expect(await status(located)).to.equal(404);
      const approved = await cli('mosques', 'approve', located, '--json');
      expect(approved.code, approved.stderr).to.equal(0);
      expect(JSON.parse(approved.stdout).mosque).to.include({ slug: located, status: 'published' });
      expect(JSON.parse(approved.stdout).mosque).not.to.have.property('submitterEmail');
      expect(await status(located)).to.equal(200);

      const withCoordinates = await cli('mosques', 'approve', unlocated, '--lat', '51.2', '--lng', '-1.5');
      expect(withCoordinates.code, withCoordinates.stderr).to.equal(0);
      expect(withCoordinates.stdout).to.contain(`Published ${unlocated}`);
      const shown = (await callApi(server.url, key, 'GET', `/mosques/${unlocated}`)).body as {
        data: { lat: number; lng: number };
      };
      expect(shown.data).to.include({ lat: 51.2, lng: -1.5 });
      const listed = (await callApi(server.url, key, 'GET', '/mosques?near=51.2,-1.5,1')).body as {
        data: { slug: string }[];
      };
      expect(listed.data.map((m) => m.slug)).to.deep.equal([unlocated]);
      expect((await cli('mosques', 'pending', '--json')).stdout.trim()).to.equal('[]');
    },
  );

  it('warns on stderr about a published mosque within 100 m with a similar name, and approves anyway', async () => {
    const twin = await submit(1, { city: 'Testford Annex', lat: 51.7504, lng: -1.2503 });
    const approved = await cli('mosques', 'approve', twin);
    expect(approved.code, approved.stderr).to.equal(0);
    expect(approved.stderr).to.match(
      new RegExp(`warning: published mosque '${located}' \\(Test Mosque 1\\) is \\d+ m away with a similar name`),
    );
    expect(await status(twin)).to.equal(200);
    const unrelated = await submit(3, { lat: 51.7504, lng: -1.2506, nameEn: 'Test Other Building' });
    const quiet = await cli('mosques', 'approve', unrelated);
    expect(quiet.code).to.equal(0);
    expect(quiet.stderr).not.to.contain('warning');
  });

  it('rejects a pending submission only with a reason; a rejected mosque cannot be approved', async () => {
    const slug = await submit(4, { lat: 50, lng: 0 });
    const noReason = await cli('mosques', 'reject', slug);
    expect(noReason.code).to.equal(1);
    expect(noReason.stderr).to.contain('--reason');
    const rejected = await cli('mosques', 'reject', slug, '--reason', 'Test reason: not a mosque', '--json');
    expect(rejected.code, rejected.stderr).to.equal(0);
    expect(JSON.parse(rejected.stdout)).to.include({
      status: 'rejected',
      moderationReason: 'Test reason: not a mosque',
    });
    const again = await cli('mosques', 'approve', slug);
    expect(again.code).to.equal(1);
    expect(again.stderr).to.contain('is rejected');
    expect(await status(slug)).to.equal(404);
  });

  it('unpublishes a published mosque, and approve publishes it again', async () => {
    const unpublished = await cli('mosques', 'unpublish', located, '--reason', 'Test reason: closed');
    expect(unpublished.code, unpublished.stderr).to.equal(0);
    expect(await status(located)).to.equal(404);
    expect((await cli('mosques', 'unpublish', located)).code).to.equal(1);
    expect((await cli('mosques', 'approve', located)).code).to.equal(0);
    expect(await status(located)).to.equal(200);
  });

  it('answers unknown slugs with exit 1 and a message', async () => {
    for (const args of [
      ['approve', 'test-none', '--lat', '1', '--lng', '1'],
      ['reject', 'test-none', '--reason', 'x'],
      ['unpublish', 'test-none'],
    ]) {
      const result = await cli('mosques', ...args);
      expect(result.code).to.equal(1);
      expect(result.stderr).to.contain("'test-none'");
    }
  });

  it('audited submissions with the key and every decision with the operator, never with the submitter e-mail', () => {
    const rows = auditRows();
    const actions = rows.map((row) => `${row.action} ${row.key_name}`);
    expect(actions.filter((a) => a.startsWith('mosques.submit'))).to.have.length(5);
    expect(
      actions.filter((a) => a.startsWith('mosques.submit')).every((a) => a.endsWith('Test submitter app')),
    ).to.equal(true);
    const decisions = rows.filter((row) => row.action !== 'mosques.submit');
    expect(decisions.map((row) => row.action)).to.deep.equal([
      'mosques.approve',
      'mosques.approve',
      'mosques.approve',
      'mosques.approve',
      'mosques.reject',
      'mosques.unpublish',
      'mosques.approve',
    ]);
    for (const row of decisions) expect(row).to.include({ key_id: null, key_name: 'operator' });
    const reject = decisions.find((row) => row.action === 'mosques.reject')!;
    expect(JSON.parse(reject.before_json!)).to.include({ status: 'pending' });
    expect(JSON.parse(reject.after_json!)).to.include({
      status: 'rejected',
      moderationReason: 'Test reason: not a mosque',
    });
    const dump = JSON.stringify(rows);
    for (const email of submitterEmails) expect(dump).not.to.contain(email);
  });

  it('never wrote a submitter e-mail to the server log, nor to a moderation command’s output but pending', async () => {
    await server.logsWritten();
    for (const email of submitterEmails) expect(server.output()).not.to.contain(email);
    const nonPending = printed.filter((output) => !output.includes('submitterEmail'));
    for (const email of submitterEmails) for (const output of nonPending) expect(output).not.to.contain(email);
  });
});
