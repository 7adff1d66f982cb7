/**
 * The mailer adapter (AppServices.mailer): how the mails of VOD downloads leave the service.
 * sim/mail.ts implements it twice: SMTP through nodemailer (SMTP_URL), or a mailbox the service
 * keeps in its own database. A send that fails throws a MailError; the mail job retries it with
 * the worker's backoff, and gives up at once on a permanent refusal.
 */
import type { DbOrTx } from '../../db/database.ts';

export interface OutgoingMail {
  clientId: string;
  /** What the mail is about (the mailbox links it); null for anything else. */
  downloadId: string | null;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  language: string;
}

export interface Mailer {
  /** mailbox: the service keeps the mails (readable in the dashboard); smtp: they leave through a server. */
  readonly kind: 'mailbox' | 'smtp';
  send(db: DbOrTx, mail: OutgoingMail): Promise<{ messageId: string }>;
  close?(): Promise<void>;
}

export class MailError extends Error {
  override readonly name = 'MailError';
  constructor(
    message: string,
    /** A permanent refusal (5xx): trying again will not help. */
    readonly permanent = false,
  ) {
    super(message);
  }
}
