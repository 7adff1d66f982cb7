/** The playlist editor's keyboard: Ctrl+S saves anywhere, Ctrl+Z / Ctrl+Y (Ctrl+Shift+Z) undo and redo outside text fields and dialogs. */
import { useEffect } from 'react';

/** A field the operator types in, where the browser's own undo applies. */
export function isTextTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLTextAreaElement || target.isContentEditable) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type);
}

export function useEditorKeys(requestSave: () => void, history: (action: 'undo' | 'redo') => void) {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      if (!mod || e.altKey) return;
      const key = e.key.toLowerCase();
      if (key === 's') {
        e.preventDefault();
        requestSave();
        return;
      }
      if (isTextTarget(e.target) || (e.target instanceof Element && e.target.closest('[role="dialog"]'))) return;
      if (key === 'z' || key === 'y') {
        e.preventDefault();
        history(key === 'y' || e.shiftKey ? 'redo' : 'undo');
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [requestSave, history]);
}
