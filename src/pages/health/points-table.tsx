/** The publishing points of the last sample: a detail table of one reading, not a list of records. */
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PublishingPointHealth } from '#schema';

export function PointsTable({ points }: { points: readonly PublishingPointHealth[] }) {
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Publishing points">
        <TableHead>
          <TableRow>
            <TableCell>Publishing point</TableCell>
            <TableCell>State</TableCell>
            <TableCell align="right">Receives</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {points.map((p) => (
            <TableRow key={`${p.name}-${p.url}`}>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {p.name}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {p.url}
                </Typography>
              </TableCell>
              <TableCell>
                <Chip size="small" label={p.healthy ? 'Up' : 'Down'} color={p.healthy ? 'success' : 'error'} variant={p.healthy ? 'outlined' : 'filled'} />
              </TableCell>
              <TableCell align="right">{p.kbps.toLocaleString()} kbit/s</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
