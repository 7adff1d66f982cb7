/**
 * "Export CSV" above a list: the list's operation for a file (a record with `produces: 'text/csv'`)
 * with the list's own filters and order, saved by the browser under the name the service gives.
 * The service streams the file; the browser keeps it until it is saved.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import type { Endpoint, EndpointInput } from '#schema';
import type { DownloadedFile, OperationUtils } from '#client';
import { notify } from '#app/notifications.tsx';
import { useDescribeError } from '#app/use-describe-error.ts';

/** Hands a file to the browser's downloads. */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Long enough for the download to have started from it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export interface ExportButtonProps<E extends Endpoint> {
  operation: OperationUtils<E>;
  input: EndpointInput<E>;
  /** What is exported, for the messages: "the events". */
  what: string;
  label?: string;
}

export function ExportButton<E extends Endpoint>({ operation, input, what, label = 'Export CSV' }: ExportButtonProps<E>) {
  const describe = useDescribeError();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const file = await operation.download(input);
      saveFile(file);
      notify(`Exported ${what} to ${file.filename}`, { severity: 'success' });
    } catch (error) {
      notify(`Could not export ${what}: ${describe.action(error, operation.endpoint.id)}`, { severity: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />} onClick={() => void run()} disabled={busy} aria-busy={busy}>
      {busy ? 'Exporting…' : label}
    </Button>
  );
}
