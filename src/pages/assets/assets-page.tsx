/**
 * The Assets page (`/assets`): every event's images, GIFs, videos and SYSTEM files in one gallery,
 * filtered by type, state, name and event (in the URL). Assets are made from an event's player
 * (the event page's Assets tab).
 */
import Typography from '@mui/material/Typography';
import { PageHeader } from '#components/page-header.tsx';
import { useDocumentTitle } from '#app/document-title.ts';
import { AssetGallery } from './asset-gallery.tsx';

export default function AssetsPage() {
  useDocumentTitle('Assets');
  return (
    <>
      <PageHeader title="Assets" subtitle="Images, GIFs and videos cut from events, and the files the service makes (MP4s, thumbnails, sprites)" />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Hover a GIF to play it; play a video in place. System assets are locked.
      </Typography>
      <AssetGallery />
    </>
  );
}
