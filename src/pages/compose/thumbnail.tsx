import { useState } from 'react';
import Box from '@mui/material/Box';
import MovieIcon from '@mui/icons-material/MovieOutlined';
import LinkIcon from '@mui/icons-material/LinkRounded';

/** A 16:9 picture of an event, or a placeholder (an MP4 URL, no thumbnail, one that fails to load). */
export function Thumbnail({ url, title, width = 72, mp4 = false }: { url: string | null | undefined; title: string; width?: number; mp4?: boolean }) {
  const [failed, setFailed] = useState(false);
  const height = Math.round((width * 9) / 16);
  const frame = { width, height, flex: '0 0 auto', borderRadius: 0.5, overflow: 'hidden', bgcolor: 'action.hover' } as const;
  if (!url || failed || mp4) {
    return (
      <Box aria-hidden sx={{ ...frame, display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'text.secondary', '& svg': { fontSize: Math.min(22, height - 6) } }}>
        {mp4 ? <LinkIcon /> : <MovieIcon />}
      </Box>
    );
  }
  return <Box component="img" src={url} alt="" title={title} loading="lazy" decoding="async" onError={() => setFailed(true)} sx={{ ...frame, objectFit: 'cover', display: 'block' }} />;
}
