import { useEffect } from 'react';

/** What the tab's title is made of: the page shown, and the open alerts (the alert centre's count). */
const parts = { page: '', alerts: 0 };

function write() {
  const page = parts.page ? `${parts.page} · Control Room` : 'Control Room';
  document.title = parts.alerts > 0 ? `(${parts.alerts}) ${page}` : page;
}

/** Sets the tab title to "<page> · Control Room" while the page is shown ("(3) <page> · …" with open alerts). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    parts.page = title;
    write();
  }, [title]);
}

/** The open alerts, shown first in the tab's title so a background tab says there is trouble. */
export function setTitleAlertCount(count: number): void {
  if (parts.alerts === count) return;
  parts.alerts = count;
  write();
}
