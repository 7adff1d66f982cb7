/** The unsaved values of the client properties form, per event and template. */
import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { createDraftStore } from './drafts.ts';
import type { ClientPropertyFormValues } from './fields.ts';
import type { UseFormReturn } from 'react-hook-form';

/** Unsaved values per event, for the template they were typed for. */
export const valueDrafts = createDraftStore<{ templateId: string; values: ClientPropertyFormValues }>();

/**
 * Unsaved values survive a look at another tab: they come back (as edits) when the form mounts for
 * the same template, and every change is kept; answers the form's current values.
 */
export function useValueDrafts(form: UseFormReturn<ClientPropertyFormValues>, eventId: string, templateId: string, serverValues: ClientPropertyFormValues): ClientPropertyFormValues {
  const { control } = form;
  // Unsaved values come back after a look at another tab.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const draft = valueDrafts.get(eventId);
    if (draft?.templateId !== templateId) return;
    for (const [key, value] of Object.entries(draft.values)) {
      if (key in serverValues && serverValues[key] !== value) form.setValue(key, value, { shouldDirty: true });
    }
  }, [eventId, templateId, serverValues, form]);

  const watched = useWatch({ control }) as ClientPropertyFormValues;
  useEffect(() => {
    if (!restored.current) return;
    const changed = Object.fromEntries(Object.entries(watched).filter(([key, value]) => serverValues[key] !== value));
    if (Object.keys(changed).length > 0) valueDrafts.set(eventId, { templateId, values: changed });
    else if (valueDrafts.get(eventId)?.templateId === templateId) valueDrafts.set(eventId, undefined);
  }, [watched, serverValues, eventId, templateId]);

  return watched;
}
