/** How the billing figures are computed, in words, for the operator who checks them. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { HOW } from './billing-figures.ts';

export function HowItIsComputed() {
  const items: [string, string][] = [
    ['Period', HOW.period],
    ['Live minutes', `${HOW.liveMinutes} ${HOW.resolution}`],
    ['24/7 channel minutes', HOW.twentyFourSeven],
    ['Simultaneous channels', HOW.simultaneous],
    ['Storage', HOW.storage],
    ['CDN delivery', HOW.cdn],
    ['DRM licences', HOW.drm],
    ['Assets created', HOW.assets],
  ];
  return (
    <Box component="details" sx={{ mb: 2, '& summary': { cursor: 'pointer', fontWeight: 600, py: 1 } }}>
      <Box component="summary">How these figures are computed</Box>
      <Box component="dl" sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, columnGap: 2, rowGap: 1 }}>
        {items.map(([term, text]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
              {term}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, color: 'text.secondary', mb: { xs: 1, sm: 0 } }}>
              {text}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
