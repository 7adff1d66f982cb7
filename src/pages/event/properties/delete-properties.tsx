/**
 * Deleting properties: the confirmation (one property by name, several as a list) and the delete
 * itself. Everything the owner has goes by one filtered delete, checked against the service
 * first; otherwise one by one, and what failed stays selected and asked about again.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import { notify } from '#app/notifications.tsx';
import { useDescribeError } from '#app/use-describe-error.ts';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import type { PropertyRow, PropertySource } from './property-source.ts';
import { describeProperty, idsOf, mono, plural } from './property-words.ts';

export interface PropertyDeletion {
  /** The rows asked about, or none when the dialog is closed. */
  asked: PropertyRow[] | null;
  ask: (rows: PropertyRow[]) => void;
  close: () => void;
  run: (rows: PropertyRow[]) => Promise<void>;
  busy: boolean;
  error: string | undefined;
}

interface Options {
  source: PropertySource;
  /** Every property the owner has, as last loaded. */
  data: readonly PropertyRow[] | undefined;
  /** After the delete: the ids that failed (and stay selected), and whether all went. */
  onDone: (failedIds: ReadonlySet<string>, targets: PropertyRow[]) => void;
}

export function useDeleteProperties({ source, data, onDone }: Options): PropertyDeletion {
  const describe = useDescribeError();
  const [asked, setAsked] = useState<PropertyRow[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const run = async (targets: PropertyRow[]) => {
    setBusy(true);
    setError(undefined);
    const failed: { row: PropertyRow; message: string }[] = [];
    let removed = 0;
    try {
      // Everything the owner has, by one filtered delete; checked against the service first, so a
      // property someone added meanwhile is not deleted unseen.
      const all = targets.length > 1 && targets.length === (data?.length ?? -1) ? await source.fetchFresh() : null;
      const wanted = idsOf(targets);
      if (all && all.every((p) => wanted.has(p.id))) {
        await source.removeAll();
        removed = targets.length;
      } else {
        for (const row of targets) {
          try {
            await source.remove(row.id);
            removed++;
          } catch (e) {
            failed.push({ row, message: describe(e).message });
          }
        }
      }
    } catch (e) {
      failed.push(...targets.map((row) => ({ row, message: describe(e).message })));
    } finally {
      setBusy(false);
    }
    onDone(idsOf(failed.map((f) => f.row)), targets);
    if (failed.length === 0) {
      setAsked(null);
      notify(targets.length === 1 ? `Deleted ‘${describeProperty(targets[0]!)}’.` : `Deleted ${plural(removed, 'property', 'properties')}.`, { severity: 'success' });
    } else {
      const first = failed[0]!;
      setError(`${removed > 0 ? `Deleted ${removed}; ` : ''}${plural(failed.length, 'property was', 'properties were')} not deleted: ${describeProperty(first.row)}: ${first.message}`);
      setAsked(failed.map((f) => f.row));
    }
  };

  return {
    asked,
    ask: (rows) => {
      setError(undefined);
      setAsked(rows);
    },
    close: () => setAsked(null),
    run,
    busy,
    error,
  };
}

export function DeletePropertiesDialog({ deletion, owner }: { deletion: PropertyDeletion; owner: string }) {
  const rows = deletion.asked ?? [];
  const one = rows.length === 1 ? rows[0]! : undefined;
  return (
    <ConfirmDialog
      open={deletion.asked !== null}
      title={one ? `Delete ‘${describeProperty(one)}’?` : `Delete ${plural(rows.length, 'property', 'properties')}?`}
      confirmLabel={one ? 'Delete property' : `Delete ${plural(rows.length, 'property', 'properties')}`}
      destructive
      busy={deletion.busy}
      error={deletion.error}
      onConfirm={() => void deletion.run(rows)}
      onClose={deletion.close}
    >
      {one ? (
        <p>
          The property and its value {one.value ? `‘${one.value.length > 60 ? `${one.value.slice(0, 60)}…` : one.value}’ ` : ''}are removed from {owner}. Integrations
          reading it will no longer find it.
        </p>
      ) : (
        <>
          <p>These properties are removed from {owner}. Integrations reading them will no longer find them.</p>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {rows.slice(0, 5).map((r) => (
              <li key={r.id}>
                <Box component="code" sx={{ ...mono, overflowWrap: 'anywhere' }}>
                  {describeProperty(r)}
                </Box>
              </li>
            ))}
            {rows.length > 5 && <li>…and {rows.length - 5} more</li>}
          </Box>
        </>
      )}
    </ConfirmDialog>
  );
}
