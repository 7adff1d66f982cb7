/**
 * The resources events refer to by id (public-facts.md §4): channels, rooms, categories, tags,
 * xflows, infrastructure profiles and property configuration templates. Each row belongs to one
 * client; names shown on an event (channel, room...) are joined at read time, never copied.
 */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { clientKey } from './tenancy.ts';
import { versionColumn } from './versions.ts';

const clientId = () =>
  uuid()
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' });
const stamp = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * Configuration documents are kept as the text the caller sent (`configurationJson` is a string in
 * the interface), so a read gives back exactly what was written, formatting included.
 */
const configurationJson = () => text().notNull();

const dates = () => ({ dateCreated: stamp().notNull(), dateModified: stamp().notNull() });

/** What a lookup an event names by id starts with: its id, client, version, name and the caller's reference id. */
const namedLookup = () => ({
  id: uuid().primaryKey().defaultRandom(),
  clientId: clientId(),
  version: versionColumn(),
  name: text().notNull(),
  referenceId: text(),
});

/** A lookup with a configuration document (channels, xflows, infrastructure profiles, property configurations). */
const configuredLookup = () => ({ ...namedLookup(), configurationJson: configurationJson(), ...dates() });

export const channels = pgTable(
  'channels',
  configuredLookup(),
  (t) => [clientKey('channels', t), index('channels_client_name_idx').on(t.clientId, t.name)],
);

export const rooms = pgTable(
  'rooms',
  { ...namedLookup(), ...dates() },
  (t) => [clientKey('rooms', t), 
    index('rooms_client_name_idx').on(t.clientId, t.name),
    index('rooms_client_reference_idx').on(t.clientId, t.referenceId),
  ],
);

/** A category's own custom properties: `{category, key, value}` entries, as the public docs show them. */
export interface CategoryCustomPropertyRow {
  id: string;
  category: string;
  key: string;
  value: string;
}

export const categories = pgTable(
  'categories',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: clientId(),
    version: versionColumn(),
    name: text().notNull(),
    /** Unique per client, case-insensitively (a clash is a 400, public-facts.md §4). */
    label: text().notNull(),
    description: text(),
    customProperties: jsonb().$type<CategoryCustomPropertyRow[]>().notNull().default([]),
    dateCreated: stamp().notNull(),
    dateModified: stamp().notNull(),
  },
  (t) => [clientKey('categories', t), 
    uniqueIndex('categories_client_label_idx').on(t.clientId, sql`lower(${t.label})`),
    index('categories_client_name_idx').on(t.clientId, t.name),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: uuid().primaryKey().defaultRandom(),
    clientId: clientId(),
    version: versionColumn(),
    /** Unique per client, case-insensitively: PUT /tag/event/{id} reuses a tag by its name. */
    name: text().notNull(),
    dateCreated: stamp().notNull(),
  },
  (t) => [clientKey('tags', t), uniqueIndex('tags_client_name_idx').on(t.clientId, sql`lower(${t.name})`)],
);

export const xflows = pgTable(
  'xflows',
  configuredLookup(),
  (t) => [clientKey('xflows', t), index('xflows_client_name_idx').on(t.clientId, t.name)],
);

export const infrastructureProfiles = pgTable(
  'infrastructure_profiles',
  configuredLookup(),
  (t) => [clientKey('infrastructure_profiles', t), index('infrastructure_profiles_client_name_idx').on(t.clientId, t.name)],
);

export const propertyConfigurations = pgTable(
  'property_configurations',
  configuredLookup(),
  (t) => [clientKey('property_configurations', t), 
    index('property_configurations_client_name_idx').on(t.clientId, t.name),
    index('property_configurations_client_reference_idx').on(t.clientId, t.referenceId),
  ],
);
