/** Lookup rows as the service answers them (public-facts.md §4 shapes, src/schema/models/lookups.ts). */
import { answerText } from '../../http/service-url.ts';
import type { Category, Channel, InfrastructureProfile, PropertyConfiguration, Room, Tag, Xflow } from '#schema';
import type {
  CategoryRow,
  ChannelRow,
  InfrastructureProfileRow,
  PropertyConfigurationRow,
  RoomRow,
  TagRow,
  XflowRow,
} from './repo.ts';

/**
 * Channels and xflows name streams, ingest points and files, which may be on this service: stored
 * with the placeholder origin, answered with the service's URL for the request (http/service-url.ts).
 */
export const toChannel = (r: ChannelRow, serviceUrl: string): Channel => ({
  id: r.id,
  name: r.name,
  referenceId: r.referenceId,
  configurationJson: answerText(r.configurationJson, serviceUrl),
  version: r.version,
});

export const toRoom = (r: RoomRow): Room => ({ id: r.id, name: r.name, referenceId: r.referenceId, version: r.version });

export const toCategory = (r: CategoryRow): Category => ({
  id: r.id,
  name: r.name,
  label: r.label,
  description: r.description,
  customProperties: r.customProperties.map((p) => ({ id: p.id, category: p.category, key: p.key, value: p.value })),
  version: r.version,
});

export const toTag = (r: TagRow): Tag => ({ id: r.id, name: r.name, version: r.version });

export const toXflow = (r: XflowRow, serviceUrl: string): Xflow => ({
  id: r.id,
  name: r.name,
  configurationJson: answerText(r.configurationJson, serviceUrl),
  version: r.version,
});

export const toInfrastructureProfile = (r: InfrastructureProfileRow): InfrastructureProfile => ({
  id: r.id,
  name: r.name,
  referenceId: r.referenceId,
  configurationJson: r.configurationJson,
  version: r.version,
});

export const toPropertyConfiguration = (r: PropertyConfigurationRow): PropertyConfiguration => ({
  id: r.id,
  name: r.name,
  referenceId: r.referenceId,
  configurationJson: r.configurationJson,
  version: r.version,
});
