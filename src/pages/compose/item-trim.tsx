/** Trimming a playlist item: in and out points as timecodes, or from the playhead of a source preview. */
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import LoginIcon from '@mui/icons-material/FirstPageRounded';
import LogoutIcon from '@mui/icons-material/LastPageRounded';
import { useServiceUrl } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { Player } from '#components/player.tsx';
import { absoluteUrl, playableHlsUrl } from '#pages/event/index.ts';
import { CommitField } from './commit-field.tsx';
import { checkTimecode, Section, timecodeValue } from './item-section.tsx';
import type { EditorItem } from './playlist-document.ts';
import { issueFor } from './playlist-service.ts';
import { textProperty, type ItemTiming, type SourceInfo } from './playlist-timing.ts';
import type { ItemIssue } from './playlist-validation.ts';
import { formatTimecode } from './timecode.ts';

export function Trim({
  item,
  source,
  timing,
  issues,
  set,
}: {
  item: EditorItem;
  source: SourceInfo | null | undefined;
  timing: ItemTiming | undefined;
  issues: readonly ItemIssue[] | undefined;
  set: (name: string, value: unknown, label: string) => void;
}) {
  const serviceUrl = useServiceUrl();
  const playerBox = useRef<HTMLDivElement>(null);
  const [playhead, setPlayhead] = useState<number | null>(null);
  const [showPreview, setShowPreview] = useState(false);
  const detail = useQuery({
    ...api.event.get.queryOptions({ params: { id: item.value }, query: { processVideo: true } }),
    enabled: showPreview && source !== null,
    staleTime: 60_000,
  });
  const hls = playableHlsUrl(detail.data?.video);
  const src = hls ? absoluteUrl(hls, serviceUrl) : null;
  const video = () => playerBox.current?.querySelector('video') ?? null;
  const readPlayhead = () => {
    const v = video();
    return v && Number.isFinite(v.currentTime) ? Math.round(v.currentTime * 1000) : null;
  };
  const markAt = (name: 'start' | 'end') => {
    const ms = readPlayhead();
    if (ms === null) return;
    set(name, formatTimecode(ms), name === 'start' ? 'set the in point from the player' : 'set the out point from the player');
  };
  // Media events do not bubble: the playhead is read while the preview is open.
  useEffect(() => {
    if (!showPreview) return;
    const timer = setInterval(() => setPlayhead(readPlayhead()), 250);
    return () => clearInterval(timer);
    // readPlayhead reads the ref only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [showPreview]);
  const seek = (ms: number | null) => {
    const v = video();
    if (v && ms !== null) v.currentTime = ms / 1000;
  };

  return (
    <Section title="Trim">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
        <CommitField
          size="small"
          label="In point"
          placeholder="00:00:00.000"
          value={textProperty(item, 'start')}
          onCommit={(text) => set('start', timecodeValue(text), text.trim() ? 'changed the in point' : 'cleared the in point')}
          check={checkTimecode}
          error={issueFor(issues, 'start')}
          helperText="hh:mm:ss.fff · empty: from the start"
          slotProps={{ htmlInput: { inputMode: 'decimal', spellCheck: false, 'aria-describedby': undefined } }}
        />
        <CommitField
          size="small"
          label="Out point"
          placeholder={source?.durationMs != null ? formatTimecode(source.durationMs) : '00:00:00.000'}
          value={textProperty(item, 'end')}
          onCommit={(text) => set('end', timecodeValue(text), text.trim() ? 'changed the out point' : 'cleared the out point')}
          check={checkTimecode}
          error={issueFor(issues, 'end')}
          helperText="hh:mm:ss.fff · empty: to the end"
          slotProps={{ htmlInput: { inputMode: 'decimal', spellCheck: false } }}
        />
      </Box>
      <Box sx={{ mt: 1.5 }}>
        {!showPreview ? (
          <Button size="small" variant="outlined" onClick={() => setShowPreview(true)} disabled={source === null}>
            Preview the source to trim by playhead
          </Button>
        ) : (
          <>
            <Box ref={playerBox}>
              <Player
                src={src}
                live={false}
                title={`Source preview: ${source?.title ?? ''}`}
                empty={
                  <Box sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1, color: 'text.secondary', fontSize: 14 }}>
                    {detail.isPending ? 'Loading the source…' : 'This source has no stream to preview in its current state; type the timecodes instead.'}
                  </Box>
                }
              />
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
              <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', mr: 'auto' }} aria-live="off">
                Playhead {playhead === null ? '—' : formatTimecode(playhead)}
              </Typography>
              <Button size="small" startIcon={<LoginIcon />} onClick={() => markAt('start')} disabled={!src}>
                Set in
              </Button>
              <Button size="small" startIcon={<LogoutIcon />} onClick={() => markAt('end')} disabled={!src}>
                Set out
              </Button>
              <Button size="small" onClick={() => seek(timing?.inMs ?? 0)} disabled={!src}>
                Go to in
              </Button>
            </Box>
          </>
        )}
      </Box>
    </Section>
  );
}
