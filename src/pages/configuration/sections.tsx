/**
 * The kinds of lookup the configuration page edits, each described once: how to list, search and
 * sort it, which columns matter, where its events are, what deleting one does, and its form.
 */
import type { ComponentType, ReactNode } from 'react';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CategoryIcon from '@mui/icons-material/CategoryOutlined';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoomOutlined';
import PaletteIcon from '@mui/icons-material/PaletteOutlined';
import SellIcon from '@mui/icons-material/SellOutlined';
import type { Category, Endpoint, EventCollection, EventType, Room, Tag } from '#schema';
import type { ApiError } from '#client';
import { api } from '#app/api.ts';
import { TruncatedText } from '#components/truncated-text.tsx';
import type { SectionKey } from './configuration-view.ts';
import { CategoryForm, EventTypeForm, RoomForm, TagForm, type LookupFormProps } from './lookup-forms.tsx';
import type { RunOperation } from './lookup-form.tsx';
import { channelSection, infrastructureProfileSection, xflowSection } from './config-sections.tsx';
import { cast, countOf, eventsDo, eventsLink, THIS_IS_FINAL } from './section-words.ts';
import { Mono, ReferenceCell } from './section-cells.tsx';

export interface LookupItem {
  id: string;
  name: string;
}

export interface LookupColumn<Item> {
  key: string;
  label: string;
  /** Sortable when given. */
  sortValue?: (item: Item) => string | number;
  render: (item: Item) => ReactNode;
  width?: number | string;
  /** Left out on narrow screens (the panel still shows everything). */
  wide?: boolean;
}

export interface SectionDef<Item extends LookupItem> {
  key: SectionKey;
  /** "Event types" */
  title: string;
  /** "event type" */
  singular: string;
  /** One line under the tabs: what these are for. */
  description: string;
  icon: ReactNode;
  list: () => UseQueryOptions<Item[], ApiError, Item[], QueryKey>;
  /** Drawn before the name in the list (the event type's colour). */
  adornment?: (item: Item) => ReactNode;
  columns: readonly LookupColumn<Item>[];
  /** What the search box matches, besides the name and id. */
  searchText?: (item: Item) => (string | null | undefined)[];
  /** The reference id, offered to copy. */
  referenceId?: (item: Item) => string | null;
  /** How many events use it (the operation's totalCount), where the service says. */
  events?: (id: string) => UseQueryOptions<EventCollection, ApiError, EventCollection, QueryKey>;
  /** The events list filtered to it. */
  eventsLink?: (item: Item) => string;
  /** Deletes through `run`, so what showed the item refreshes (the operation's `invalidates`). */
  remove: (id: string, run: RunOperation) => Promise<unknown>;
  /** An operation that changes the section (they all need the same role): what the key may do here. */
  writes: { endpoint: Endpoint };
  /** What deleting it does, given how many events use it (undefined: not known). */
  deleteEffect: (item: Item, events: number | undefined) => ReactNode;
  Form: ComponentType<LookupFormProps<Item>>;
  /** Wider panel for JSON configurations. */
  wide?: boolean;
  emptyHint: string;
}


export const eventTypeSection: SectionDef<EventType> = {
  key: 'event-types',
  title: 'Event types',
  singular: 'event type',
  description: 'Kinds of event, each with the colour the schedule and the lists show it in.',
  icon: <PaletteIcon />,
  list: () => cast(api.eventType.list.queryOptions({ query: {} })),
  adornment: (item) => (
    <Box aria-hidden sx={{ width: 14, height: 14, flex: '0 0 auto', borderRadius: '4px', bgcolor: item.colour ?? 'transparent', border: 1, borderColor: 'divider' }} />
  ),
  columns: [
    { key: 'colour', label: 'Colour', sortValue: (i) => i.colour ?? '', render: (i) => <Mono>{i.colour ?? '—'}</Mono>, width: 110, wide: true },
    { key: 'referenceId', label: 'Reference id', sortValue: (i) => i.referenceId ?? '', render: (i) => <ReferenceCell value={i.referenceId} />, wide: true },
  ],
  searchText: (i) => [i.referenceId, i.colour],
  referenceId: (i) => i.referenceId,
  events: (id) => cast(api.eventType.events.queryOptions({ params: { id }, query: { pageSize: 1 } })),
  eventsLink: (i) => eventsLink('type', i.name),
  remove: (id, run) => run(api.eventType.delete, { params: { id } }),
  writes: api.eventType.delete,
  deleteEffect: (item, events) => (
    <>
      <p>
        The event type ‘{item.name}’ is deleted.{' '}
        {events === undefined ? 'Events of this type stay, without a type.' : events === 0 ? 'No event has this type.' : `${events === 1 ? 'Its one event stays' : `Its ${countOf(events, 'event')} stay`}, without a type: the schedule shows ${events === 1 ? 'it' : 'them'} uncoloured.`}
      </p>
      <p>{THIS_IS_FINAL}</p>
    </>
  ),
  Form: EventTypeForm,
  emptyHint: 'Event types group events and colour them in the schedule. Add the kinds you run: match, concert, news…',
};


export const roomSection: SectionDef<Room> = {
  key: 'rooms',
  title: 'Rooms',
  singular: 'room',
  description: 'Where events take place: studios, halls, outside broadcast units.',
  icon: <MeetingRoomIcon />,
  list: () => cast(api.room.list.queryOptions({ query: {} })),
  columns: [{ key: 'referenceId', label: 'Reference id', sortValue: (i) => i.referenceId ?? '', render: (i) => <ReferenceCell value={i.referenceId} /> }],
  searchText: (i) => [i.referenceId],
  referenceId: (i) => i.referenceId,
  events: (id) => cast(api.room.events.queryOptions({ params: { id }, query: { pageSize: 1 } })),
  eventsLink: (i) => eventsLink('room', i.name),
  remove: (id, run) => run(api.room.delete, { params: { id } }),
  writes: api.room.delete,
  deleteEffect: (item, events) => (
    <>
      <p>
        The room ‘{item.name}’ is deleted.{' '}
        {events === undefined ? 'Its events stay, without a room.' : events === 0 ? 'No event takes place in it.' : `${events === 1 ? 'Its one event stays' : `Its ${countOf(events, 'event')} stay`}, without a room.`}
      </p>
      <p>{THIS_IS_FINAL}</p>
    </>
  ),
  Form: RoomForm,
  emptyHint: 'Rooms say where an event takes place; events filter by them.',
};

export const categorySection: SectionDef<Category> = {
  key: 'categories',
  title: 'Categories',
  singular: 'category',
  description: 'Labels an event can have several of, each with custom properties of its own.',
  icon: <CategoryIcon />,
  list: () => cast(api.category.list.queryOptions({ query: {} })),
  columns: [
    { key: 'label', label: 'Label', sortValue: (i) => i.label, render: (i) => <TruncatedText text={i.label} /> },
    { key: 'description', label: 'Description', sortValue: (i) => i.description ?? '', render: (i) => <TruncatedText text={i.description || '—'} />, wide: true },
    { key: 'properties', label: 'Properties', sortValue: (i) => i.customProperties.length, render: (i) => <Typography variant="body2">{i.customProperties.length}</Typography>, width: 110, wide: true },
  ],
  searchText: (i) => [i.label, i.description],
  events: (id) => cast(api.category.events.queryOptions({ params: { id }, query: { pageSize: 1 } })),
  eventsLink: (i) => eventsLink('category', i.label || i.name),
  remove: (id, run) => run(api.category.delete, { params: { id } }),
  writes: api.category.delete,
  deleteEffect: (item, events) => (
    <>
      <p>
        The category ‘{item.label || item.name}’ is deleted.{' '}
        {events === undefined ? 'Its events lose it.' : events === 0 ? 'No event has it.' : `${eventsDo(events, 'loses', 'lose')} it and ${events === 1 ? 'stays' : 'stay'} otherwise unchanged.`}
      </p>
      <p>{THIS_IS_FINAL}</p>
    </>
  ),
  Form: CategoryForm,
  emptyHint: 'Categories label events (an event may have several); the label must be unique.',
};

export const tagSection: SectionDef<Tag> = {
  key: 'tags',
  title: 'Tags',
  singular: 'tag',
  description: 'Free words on events; the events list filters by them.',
  icon: <SellIcon />,
  list: () => cast(api.tag.list.queryOptions({ query: {} })),
  columns: [],
  events: (id) => cast(api.tag.events.queryOptions({ params: { id }, query: { pageSize: 1 } })),
  eventsLink: (i) => eventsLink('tag', i.name),
  remove: (id, run) => run(api.tag.delete, { params: { id } }),
  writes: api.tag.delete,
  deleteEffect: (item, events) => (
    <>
      <p>
        The tag ‘{item.name}’ is deleted{events === undefined ? ' and removed from every event that has it.' : events === 0 ? '; no event has it.' : ` and removed from ${countOf(events, 'event')}.`}
      </p>
      <p>{THIS_IS_FINAL}</p>
    </>
  ),
  Form: TagForm,
  emptyHint: 'Tags are added here or on an event (a new name on an event adds a tag).',
};


/** In the order of the tabs. */
export const SECTIONS: Record<SectionKey, SectionDef<LookupItem>> = {
  'event-types': eventTypeSection as unknown as SectionDef<LookupItem>,
  channels: channelSection as unknown as SectionDef<LookupItem>,
  xflows: xflowSection as unknown as SectionDef<LookupItem>,
  rooms: roomSection as unknown as SectionDef<LookupItem>,
  categories: categorySection as unknown as SectionDef<LookupItem>,
  tags: tagSection as unknown as SectionDef<LookupItem>,
  'infrastructure-profiles': infrastructureProfileSection as unknown as SectionDef<LookupItem>,
};
