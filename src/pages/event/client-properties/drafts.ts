/**
 * Unsaved edits of an event's tab, kept beside the component: the event page mounts a tab only
 * while it is shown, and refreshes the event while its state changes, so a form's own state would
 * not survive a look at another tab. A draft lives until it is saved or discarded (for this
 * browser tab's session; a reload starts again from the service).
 */
export interface DraftStore<T> {
  get(eventId: string): T | undefined;
  set(eventId: string, draft: T | undefined): void;
}

export function createDraftStore<T>(): DraftStore<T> {
  const drafts = new Map<string, T>();
  return {
    get: (eventId) => drafts.get(eventId),
    set: (eventId, draft) => {
      if (draft === undefined) drafts.delete(eventId);
      else drafts.set(eventId, draft);
    },
  };
}
