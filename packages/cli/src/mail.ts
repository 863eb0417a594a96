import type { ApiKeySummary, KeyRequestSummary } from '@islamic-data/core';
import nodemailer from 'nodemailer';
import type { Config } from './config.js';

/** Sends the answers to key requests (CONTRACT §18) through SMTP_URL, with nodemailer. */
export interface KeyRequestMailer {
  approved(request: KeyRequestSummary, key: ApiKeySummary, link: string): Promise<void>;
  rejected(request: KeyRequestSummary): Promise<void>;
}

/** The mailer of SMTP_URL, or none when it is not set (the operator then sends the link themselves). */
export function keyRequestMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): KeyRequestMailer | undefined {
  if (!config.smtpUrl) return undefined;
  const transport = nodemailer.createTransport(config.smtpUrl);
  const send = async (to: string, subject: string, text: string) => {
    try {
      await transport.sendMail({ from: config.mailFrom, to, subject, text });
    } finally {
      transport.close();
    }
  };
  return {
    approved: (request, key, link) =>
      send(
        request.email,
        'Your Islamic Data API key',
        [
          `Hello ${request.name},`,
          '',
          `Your request for an API key (${request.id}) was approved.`,
          `Scopes: ${key.scopes.join(', ')}. Permissions: ${key.permissions.join(', ')}.`,
          '',
          'Open this link to see your key. It shows the key once, and works until ' +
            `${request.claimExpiresAt ?? 'it is used'}:`,
          '',
          link,
          '',
          'Nobody else has seen the key, the operator included; store it when it is shown.',
        ].join('\n'),
      ),
    rejected: (request) =>
      send(
        request.email,
        'Your request for an Islamic Data API key',
        [
          `Hello ${request.name},`,
          '',
          `Your request for an API key (${request.id}) was not approved, for this reason:`,
          '',
          request.reason ?? '',
          '',
          'You are welcome to send a new request that answers it.',
        ].join('\n'),
      ),
  };
}

/** A mail failure in words, without the requester's address (the operator has it; a log must not). */
export const mailFailure = (error: unknown, email: string): string =>
  (error instanceof Error ? error.message : String(error)).split(email).join('(the requester)');
