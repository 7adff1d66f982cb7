/** How downloads are shown: their state, sizes and durations, the refresh while something moves. */
import type { DownloadState, VodDownloadDetails } from '#schema';
import { formatTimecode } from '#components/format-media.ts';

export const STATE_LABELS: Record<DownloadState, string> = {
  processing: 'Processing',
  ready: 'Ready',
  failed: 'Failed',
  expired: 'Expired',
};

export const STATE_COLORS: Record<DownloadState, 'info' | 'success' | 'error' | 'default'> = {
  processing: 'info',
  ready: 'success',
  failed: 'error',
  expired: 'default',
};

export const MAIL_LABELS: Record<VodDownloadDetails['mail']['status'], string> = {
  none: 'Mail when ready',
  pending: 'Sending the mail…',
  retrying: 'Mail failed, retrying',
  sent: 'Mail sent',
  failed: 'Mail not sent',
};

/** m:ss, or h:mm:ss. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}` : `${m}:${String(s).padStart(2, '0')}`;
}

/** hh:mm:ss.f for clip marks. */
export const formatClipMark = (ms: number) => formatTimecode(ms, 'tenths');

/** The elapsed-time form the service takes for a clip's start and end: hh:mm:ss.fff. */
export const serviceTime = (ms: number) => formatTimecode(ms);

/** The file name a row shows. */
export const fileNameOf = (row: Pick<VodDownloadDetails, 'mp4Filename'>) => row.mp4Filename;
