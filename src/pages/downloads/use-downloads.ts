/**
 * Data of the downloads pages: the downloads with their state (the service's extension operation
 * `GET /voddownload/details/`), refreshed fast while one is processing or its mail is on the way,
 * and the actions on one (retry, delete).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { VodDownloadDetails } from '#schema';
import { api } from '#app/api.ts';

export function useDownloadDetails(eventId?: string | null) {
  return useQuery({
    ...api.vodDownload.details.queryOptions({ query: eventId ? { eventId } : {} }),
  });
}

export function useRetryDownload() {
  return useMutation(api.vodDownload.retry.mutationOptions());
}

export function useDeleteDownload() {
  return useMutation(api.vodDownload.delete.mutationOptions());
}

/** The download's link, absolute: the service answers a full URL, or a path on itself. */
export function linkOf(row: Pick<VodDownloadDetails, 'downloadUrl'>, serviceUrl: string): string | null {
  if (!row.downloadUrl) return null;
  try {
    return new URL(row.downloadUrl, new URL(serviceUrl, window.location.href)).toString();
  } catch {
    return row.downloadUrl;
  }
}
