/**
 * Settings of VOD downloads, passed as `services.downloads` (all optional; main.ts fills them from
 * config.ts: DOWNLOADS_EXPIRY_DAYS, MAIL_FROM).
 */
import { DEFAULT_DOWNLOADS_EXPIRY_DAYS, DEFAULT_MAIL_FROM } from '../../config.ts';

export interface DownloadSettings {
  /** Days a ready download's file is served (DOWNLOADS_EXPIRY_DAYS). */
  expiryDays?: number;
  /** The sender of the mails (MAIL_FROM). */
  mailFrom?: string;
  /** Tries of a mail before it is given up. Default 6 (about 2.5 minutes of the worker's backoff). */
  mailAttempts?: number;
}

export const DAY_MS = 86_400_000;

export function resolveDownloadSettings(settings: DownloadSettings | undefined): Required<DownloadSettings> {
  return {
    expiryDays: settings?.expiryDays ?? DEFAULT_DOWNLOADS_EXPIRY_DAYS,
    mailFrom: settings?.mailFrom ?? DEFAULT_MAIL_FROM,
    mailAttempts: settings?.mailAttempts ?? 6,
  };
}
