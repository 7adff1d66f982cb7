/** The link above a page's heading back to the list it was opened from ("← Events"), as wide as its text in any layout. */
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';

export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link component={RouterLink} to={to} underline="hover" sx={{ display: 'inline-flex', alignSelf: 'flex-start', alignItems: 'center', gap: 0.5, mb: 1, fontSize: 14 }}>
      <ArrowBackIcon sx={{ fontSize: 18 }} aria-hidden />
      {label}
    </Link>
  );
}
