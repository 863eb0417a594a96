import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { runCli, startServerProcess, type ServerProcess } from './cli-process.js';

interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** A mail's plain text body: its headers dropped, quoted-printable (as nodemailer writes long lines) decoded. */
function readMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const subject = /^Subject: (.*)$/m.exec(headers)?.[1] ?? '';
  const quotedPrintable = /^Content-Transfer-Encoding: quoted-printable/im.test(headers);
  const text = quotedPrintable
    ? Buffer.from(
        body
          .replace(/=\r\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8')
    : body;
  return { subject, text };
}

/**
 * Asking for a key end to end (CONTRACT §18), as an operator runs it: a real server process and the real CLI
 * on one SQLite file, and a real SMTP server on 127.0.0.1 (the `smtp-server` package) receiving what
 * `keys approve` and `keys reject` send through nodemailer.
 */
describe('cli: key requests, approved and rejected by mail', function () {
  this.timeout(60_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-cli-key-requests-'));
  const env: Record<string, string> = { DATABASE_PATH: path.join(dir, 'islamic-data.db'), LOG_LEVEL: 'info' };
  const mails: ReceivedMail[] = [];
  const printed: string[] = [];
  const emails = ['test-approved@example.test', 'test-rejected@example.test', 'test-unsent@example.test'];
  let smtp: SMTPServer;
  let smtpUrl: string;
  let server: ServerProcess;

  const cli = async (args: string[], extra: Record<string, string> = {}) => {
    const result = await runCli(args, { ...env, PUBLIC_URL: server.url, ...extra });
    printed.push(result.stdout + result.stderr);
    return result;
  };
  const ask = async (email: string) => {
    const response = await fetch(`${server.url}/api/v1/key-requests`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Test Requester',
        email,
        project: 'A synthetic test app that shows the Qibla direction.',
        scopes: ['qibla'],
        permissions: ['read'],
      }),
    });
    const text = await response.text();
    expect(response.status, text).to.equal(202);
    for (const address of emails) expect(text).not.to.contain(address);
    return (JSON.parse(text) as { data: { id: string } }).data.id;
  };

  before(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.setEncoding('latin1');
        stream.on('data', (chunk: string) => (raw += chunk));
        stream.on('end', () => {
          mails.push({ to: session.envelope.rcptTo.map(({ address }) => address), ...readMail(raw) });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    server = await startServerProcess(env);
  });

  after(async () => {
    await server?.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the queue with the e-mail, approves by mail; the link in the mail claims a working key', async () => {
    const id = await ask(emails[0]!);
    const queue = await cli(['keys', 'requests', '--status', 'pending', '--json']);
    expect(queue.code, queue.stderr).to.equal(0);
    const listed = JSON.parse(queue.stdout) as { id: string; email: string; status: string }[];
    expect(listed.map((request) => [request.id, request.email, request.status])).to.deep.equal([
      [id, emails[0], 'pending'],
    ]);

    const mailEnv = { SMTP_URL: smtpUrl, MAIL_FROM: 'Test <test@example.test>' };
    const approved = await cli(['keys', 'approve', id, '--json'], mailEnv);
    expect(approved.code, approved.stderr).to.equal(0);
    const answer = JSON.parse(approved.stdout);
    expect(answer.mail).to.deep.equal({ sent: true });
    expect(answer).not.to.have.property('link');
    expect(approved.stdout).not.to.match(/idk_[0-9A-Za-z]{32}/);
    expect(answer.key.permissions).to.deep.equal(['read']);

    expect(mails).to.have.length(1);
    expect(mails[0]!.to).to.deep.equal([emails[0]]);
    const link = new RegExp(`${server.url}/keys/claim/[A-Za-z0-9_-]{43}`).exec(mails[0]!.text)?.[0];
    expect(link, mails[0]!.text).to.be.a('string');

    expect((await fetch(link!)).status).to.equal(200); // a prefetch spends nothing
    const revealed = await fetch(link!, { method: 'POST' });
    expect(revealed.status).to.equal(200);
    const key = /idk_[0-9A-Za-z]{32}/.exec(await revealed.text())?.[0];
    const qibla = await fetch(`${server.url}/api/v1/qibla?lat=51.5&lng=-0.12`, { headers: { 'X-API-Key': key! } });
    expect(qibla.status).to.equal(200);
    expect((await fetch(link!, { method: 'POST' })).status).to.equal(410);

    const status = await fetch(`${server.url}/api/v1/key-requests/${id}`);
    expect(((await status.json()) as { data: { status: string } }).data.status).to.equal('claimed');
    await server.logsWritten();
    expect(server.output()).not.to.contain(key!);
    expect(server.output()).not.to.contain(link!.split('/').at(-1)!);
  });

  it('rejects with the reason in the mail', async () => {
    const id = await ask(emails[1]!);
    const rejected = await cli(['keys', 'reject', id, '--reason', 'Synthetic reason: the project needs no key.'], {
      SMTP_URL: smtpUrl,
    });
    expect(rejected.code, rejected.stderr).to.equal(0);
    expect(rejected.stdout).to.contain('The reason was e-mailed');
    const mail = mails.at(-1)!;
    expect(mail.to).to.deep.equal([emails[1]]);
    expect(mail.text).to.contain('Synthetic reason: the project needs no key.');
  });

  it('keeps an approval whose mail fails, says so and prints the link; without SMTP_URL prints the link', async () => {
    const id = await ask(emails[2]!);
    const unreachable = 'smtp://127.0.0.1:1';
    const approved = await cli(['keys', 'approve', id, '--scopes', 'qibla,hijri'], { SMTP_URL: unreachable });
    expect(approved.code, approved.stderr).to.equal(0);
    expect(approved.stdout).to.contain('could not be sent').and.contain('the approval stands');
    expect(approved.stdout).to.match(new RegExp(`${server.url}/keys/claim/[A-Za-z0-9_-]{43}`));
    expect(approved.stdout).not.to.contain(emails[2]!);
    const status = await fetch(`${server.url}/api/v1/key-requests/${id}`);
    expect(((await status.json()) as { data: { status: string } }).data.status).to.equal('approved');

    const other = await ask('test-no-smtp@example.test');
    const plain = await cli(['keys', 'approve', other]);
    expect(plain.stdout)
      .to.contain('No SMTP_URL is set')
      .and.match(/\/keys\/claim\/[A-Za-z0-9_-]{43}/);
    expect((await cli(['keys', 'approve', other])).code).to.not.equal(0); // no longer pending
  });

  it('audits every decision with the operator as actor, and never logs an e-mail address', async () => {
    const audit = await cli(['audit', 'list', '--resource', 'keys/requests', '--json']);
    const entries = JSON.parse(audit.stdout) as { action: string; keyName: string; after: unknown }[];
    const actions = entries.map(({ action, keyName }) => `${action} by ${keyName}`);
    expect(actions).to.include.members([
      'keys.requests.approve by operator',
      'keys.requests.reject by operator',
      'keys.requests.claim by requester',
    ]);
    await server.logsWritten();
    for (const email of [...emails, 'test-no-smtp@example.test']) {
      expect(server.output()).not.to.contain(email);
      expect(audit.stdout).not.to.contain(email);
    }
  });
});
