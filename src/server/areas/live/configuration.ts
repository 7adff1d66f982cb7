/**
 * The configurations a live event works from: its channel's (encoders, publishing points, output
 * URLs, ramp servers) and its xflow's (VOD output URLs). Stored as JSON text; a document that no
 * longer matches its schema counts as missing, so a bad configuration cannot break a read.
 */
import { and, eq } from 'drizzle-orm';
import { ChannelConfigurationSchema, parseJsonText, XflowConfigurationSchema, type ChannelConfiguration, type XflowConfiguration } from '#schema';
import type { DbOrTx } from '../../db/database.ts';
import { channels, xflows } from '../../db/tables/index.ts';

export async function channelConfiguration(db: DbOrTx, clientId: string, channelId: string | null): Promise<ChannelConfiguration | null> {
  if (!channelId) return null;
  const [row] = await db
    .select({ configurationJson: channels.configurationJson })
    .from(channels)
    .where(and(eq(channels.clientId, clientId), eq(channels.id, channelId)));
  if (!row) return null;
  const parsed = parseJsonText(ChannelConfigurationSchema, row.configurationJson);
  return parsed.success ? parsed.data : null;
}

export async function xflowConfiguration(db: DbOrTx, clientId: string, xflowId: string | null): Promise<XflowConfiguration | null> {
  if (!xflowId) return null;
  const [row] = await db
    .select({ configurationJson: xflows.configurationJson })
    .from(xflows)
    .where(and(eq(xflows.clientId, clientId), eq(xflows.id, xflowId)));
  if (!row) return null;
  const parsed = parseJsonText(XflowConfigurationSchema, row.configurationJson);
  return parsed.success ? parsed.data : null;
}

/**
 * The DVR window of an event's stream in seconds: the event's own dvrLength when set, otherwise
 * the dvrWindowLength of its channel's first encoder, otherwise none (the shortest window a live
 * playlist may have).
 */
export function dvrWindowSeconds(dvrLength: number | null, channel: ChannelConfiguration | null): number {
  return dvrLength ?? channel?.encoders[0]?.streamingServer.dvrWindowLength ?? 0;
}
