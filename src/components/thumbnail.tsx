/**
 * Pictures in lists (the events list, the publication monitor, an event's assets, the playlist
 * editor): small, lazy (`loading="lazy"`: only rows on screen load theirs) and in a box of a fixed
 * size, so a row does not jump when its picture arrives or fails. The service's pictures are
 * cached by the browser (Cache-Control and ETag on /api/thumbnails/event/<id>,
 * server/areas/asset/thumbnail-route.ts).
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import MovieIcon from '@mui/icons-material/MovieOutlined';
import LinkIcon from '@mui/icons-material/LinkRounded';
import { Mp4State } from '#schema';
import { useServiceUrl } from '#app/use-describe-error.ts';

/** A 16:9 picture, or a placeholder (an MP4 URL, no picture, one that fails to load). */
export function Thumbnail({ url, title, width = 72, mp4 = false }: { url: string | null | undefined; title: string; width?: number; mp4?: boolean }) {
  const [failed, setFailed] = useState<string | null>(null);
  const height = Math.round((width * 9) / 16);
  const frame = { width, height, flex: '0 0 auto', borderRadius: 0.5, overflow: 'hidden', bgcolor: 'action.hover' } as const;
  if (!url || failed === url || mp4) {
    return (
      <Box aria-hidden data-thumbnail="none" sx={{ ...frame, display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'text.secondary', '& svg': { fontSize: Math.min(22, height - 6) } }}>
        {mp4 ? <LinkIcon /> : <MovieIcon />}
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={url}
      alt=""
      title={title}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      data-thumbnail="image"
      onError={() => setFailed(url)}
      sx={{ ...frame, objectFit: 'cover', display: 'block' }}
    />
  );
}

/** What a list knows of an event to picture it. */
export interface PicturedEvent {
  id: string;
  thumbnailUrl?: string | null;
  mp4State?: number;
  dateModified?: string | null;
}

/**
 * Where an event's picture is: its own thumbnail URL, else the service's frame of its MP4 (when
 * it has one, or when the list cannot tell: the monitor's rows), else none. The modification
 * time in the URL makes a changed picture a new one for the browser's cache.
 */
export function useEventPicture(): (event: PicturedEvent) => string | null {
  const serviceUrl = useServiceUrl();
  return (event) => {
    if (event.thumbnailUrl) return event.thumbnailUrl;
    if (event.mp4State !== undefined && event.mp4State !== Mp4State.values.AVAILABLE) return null;
    const version = event.dateModified ? `?v=${encodeURIComponent(event.dateModified)}` : '';
    return `${serviceUrl.replace(/\/+$/, '')}/thumbnails/event/${event.id}${version}`;
  };
}

/** An event's picture in a list row. */
export function EventThumbnail({ event, title, width = 56 }: { event: PicturedEvent; title: string; width?: number }) {
  const pictureOf = useEventPicture();
  return <Thumbnail url={pictureOf(event)} title={title} width={width} />;
}
