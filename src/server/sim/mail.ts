/**
 * Outgoing mail: the implementations of the VOD download area's mailer adapter
 * (areas/vod-download/mailer.ts; DESIGN.md "The simulated world"):
 *
 * - `SmtpMailer`: a real SMTP server through nodemailer, when SMTP_URL is set.
 * - `MailboxMailer`: no server; the service keeps every mail in its own database (`mails`), where
 *   the mailbox extension operations and the dashboard read them. It fails the way a mail server
 *   does: a recipient at a `.invalid` domain (RFC 2606) is refused with a permanent 550, and
 *   `failNext` makes the next sends fail with a temporary 451 (tests and demos switch it on).
 *
 * A send that fails throws a MailError (permanent for a 5xx); the caller (a durable job) retries.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { DbOrTx } from '../db/database.ts';
import { mails } from '../db/tables/downloads.ts';
import type { Clock } from '../jobs/clock.ts';
import { MailError, type Mailer, type OutgoingMail } from '../areas/vod-download/index.ts';
import { recordChange } from '../changes/record-entity.ts';

export class MailboxMailer implements Mailer {
  readonly kind = 'mailbox' as const;
  /** Sends to fail with a temporary error before the next one goes through (a fault to switch on). */
  failNext = 0;

  constructor(private readonly clock: Clock) {}

  async send(db: DbOrTx, mail: OutgoingMail): Promise<{ messageId: string }> {
    if (this.failNext > 0) {
      this.failNext -= 1;
      throw new MailError('451 4.3.0 Mailbox temporarily unavailable, try again later');
    }
    if (/\.invalid$/i.test(mail.to.split('@')[1] ?? '')) {
      throw new MailError(`550 5.1.2 ${mail.to}: the domain does not exist`, true);
    }
    const [row] = await db
      .insert(mails)
      .values({
        clientId: mail.clientId,
        downloadId: mail.downloadId,
        fromAddress: mail.from,
        toAddress: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        language: mail.language,
        sentAt: this.clock.now(),
      })
      .returning({ id: mails.id });
    await recordChange(db, this.clock, mail.clientId, { kind: 'mail', id: row!.id, action: 'Added' });
    return { messageId: `<${row!.id}@control-room.local>` };
  }
}

export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transport: Transporter;

  constructor(url: string, options: { timeoutMs?: number } = {}) {
    const timeout = options.timeoutMs ?? 20_000;
    this.transport = nodemailer.createTransport(url, { connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout } as never);
  }

  async send(_db: DbOrTx, mail: OutgoingMail): Promise<{ messageId: string }> {
    try {
      const info = await this.transport.sendMail({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      return { messageId: info.messageId };
    } catch (error) {
      const e = error as { message?: string; responseCode?: number };
      const code = e.responseCode;
      throw new MailError(e.message ?? String(error), code !== undefined && code >= 500 && code < 600);
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

/** For the app's wiring: SMTP when a URL is set, else the mailbox. */
export function createMailer(options: { smtpUrl?: string | undefined; clock: Clock }): Mailer {
  return options.smtpUrl ? new SmtpMailer(options.smtpUrl) : new MailboxMailer(options.clock);
}

