import { Link as RouterLink, useLocation } from 'react-router';
import Button from '@mui/material/Button';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { EmptyState } from '#components/empty-state.tsx';
import { useDocumentTitle } from './document-title.ts';

/** Any address no route matches, inside the shell so navigation stays at hand. */
export function NotFoundPage() {
  const location = useLocation();
  useDocumentTitle('Page not found');
  return (
    <EmptyState
      icon={<SearchOffIcon />}
      title="Page not found"
      titleAs="h1"
      hint={
        <>
          No page lives at <code>{location.pathname}</code>. It may have moved, or the link is mistyped.
        </>
      }
      action={
        <Button variant="contained" component={RouterLink} to="/events">
          Go to Events
        </Button>
      }
    />
  );
}
