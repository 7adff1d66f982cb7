import { useEffect } from 'react';

/** Sets the tab title to "<page> · Control Room" while the page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Control Room`;
  }, [title]);
}
