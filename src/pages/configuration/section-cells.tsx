/** The cells of the sections' columns, and what a channel's or an xflow's JSON configuration says in short. */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Channel, Xflow } from '#schema';
import { TruncatedText } from '#components/truncated-text.tsx';

export function Mono({ children }: { children: ReactNode }) {
  return (
    <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', fontSize: 13 }}>
      {children}
    </Typography>
  );
}

export function ReferenceCell({ value }: { value: string | null }) {
  return value ? <TruncatedText text={value} /> : <Typography variant="body2" sx={{ color: 'text.secondary' }}>—</Typography>;
}

export function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** What a channel's configuration says in short: encoders and protocols. */
export function channelSummary(channel: Channel): { encoders: number; protocols: string[]; dvr: number | null } | null {
  const config = parseJson(channel.configurationJson) as { encoders?: { outputUrls?: { streamProtocol?: unknown }[]; streamingServer?: { dvrWindowLength?: unknown } }[] } | null;
  if (!config || !Array.isArray(config.encoders)) return null;
  const protocols = new Set<string>();
  let dvr: number | null = null;
  for (const encoder of config.encoders) {
    for (const url of encoder.outputUrls ?? []) if (typeof url.streamProtocol === 'string') protocols.add(url.streamProtocol);
    if (typeof encoder.streamingServer?.dvrWindowLength === 'number') dvr = Math.max(dvr ?? 0, encoder.streamingServer.dvrWindowLength);
  }
  return { encoders: config.encoders.length, protocols: [...protocols], dvr };
}

export function xflowSummary(xflow: Xflow): { protocols: string[]; taskEngine: string | null; storage: boolean } | null {
  const config = parseJson(xflow.configurationJson) as { outputUrls?: { streamProtocol?: unknown }[]; taskEngine?: { endpoint?: unknown }; storageUrlPublic?: unknown } | null;
  if (!config) return null;
  let taskEngine: string | null = null;
  try {
    taskEngine = typeof config.taskEngine?.endpoint === 'string' ? new URL(config.taskEngine.endpoint).host : null;
  } catch {
    taskEngine = null;
  }
  const protocols = (config.outputUrls ?? []).flatMap((u) => (typeof u.streamProtocol === 'string' ? [u.streamProtocol] : []));
  return { protocols, taskEngine, storage: typeof config.storageUrlPublic === 'string' };
}

export function Protocols({ names }: { names: string[] }) {
  if (names.length === 0) return <Typography variant="body2" sx={{ color: 'text.secondary' }}>—</Typography>;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {names.map((p) => (
        <Chip key={p} label={p} size="small" variant="outlined" />
      ))}
    </Box>
  );
}

export function Invalid() {
  return (
    <Typography variant="body2" sx={{ color: 'error.main' }}>
      Not valid JSON
    </Typography>
  );
}
