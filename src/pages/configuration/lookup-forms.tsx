// Over ~250 lines on purpose: the seven lookup forms as data over one builder (`lookupForm`), kept together so they read as one table.
/**
 * The create/edit form of each kind of lookup, validated with the schema module's body schema
 * (the one the service validates with) and saved through `api`. JSON configurations are edited
 * in the JSON field, checked against the schema of their content as the operator types.
 */
import { useMemo, type ComponentType, type ReactNode } from 'react';
import type { z } from 'zod';
import { useFieldArray, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { Tooltip } from '#components/tooltip.tsx';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/DeleteOutlined';
import {
  CategoryBody,
  ChannelBody,
  ChannelConfigurationSchema,
  EventTypeBody,
  InfrastructureProfileBody,
  InfrastructureProfileConfigurationSchema,
  RoomBody,
  TagBody,
  XflowBody,
  XflowConfigurationSchema,
  type Category,
  type Channel,
  type EventType,
  type InfrastructureProfile,
  type Room,
  type Tag,
  type Xflow,
} from '#schema';
import { api } from '#app/api.ts';
import { ColourField } from '#components/colour-field.tsx';
import { firstFreeSwatch } from '#components/colour-swatches.ts';
import { FormTextField } from '#components/form/text-field.tsx';
import { JsonField } from '#components/lazy-parts.tsx';
import { LookupFormLayout, useLookupForm, type RunOperation } from './lookup-form.tsx';

export interface LookupFormProps<Item> {
  item: Item | null;
  /** Every item of the section (for colours in use, names taken). */
  items: readonly Item[];
  /** Ids and usage, shown above the fields. */
  intro?: ReactNode;
  onSaved: (saved: Item) => void;
  onCancel: () => void;
  onDelete?: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

const blankToNull = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : null);

const REFERENCE_HELP = 'Your own id for it (at most 100 characters); lookups by reference use it.';

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** A new channel starts from a configuration that is valid and shows every part. */
export const CHANNEL_TEMPLATE = json({
  encoders: [
    {
      name: 'Encoder 1',
      streamingServer: { primaryPublishingPoint: 'rtmp://ingest.example.com/live/channel', dvrWindowLength: 3600 },
      outputUrls: [
        {
          streamProtocol: 'HLS',
          liveCdnUrl: 'https://cdn.example.com/live/channel/index.m3u8',
          liveOriginPrimaryUrl: 'https://origin.example.com/live/channel/index.m3u8',
        },
      ],
      supportsComposition: false,
    },
  ],
});

export const XFLOW_TEMPLATE = json({
  taskEngine: { endpoint: 'https://tasks.example.com/api' },
  streamingServer: { url: 'https://streaming.example.com' },
  outputUrls: [{ streamProtocol: 'HLS', vodCdnUrl: 'https://cdn.example.com/vod/{content_id}/index.m3u8' }],
  storageUrlPublic: 'https://storage.example.com/public',
});

/** Stored text is shown formatted when it is compact JSON (what most clients send). */
function readable(text: string): string {
  if (text.includes('\n')) return text;
  try {
    return json(JSON.parse(text));
  } catch {
    return text;
  }
}

// ---- Lookups made of a name and some of: a colour, a reference id, a JSON configuration ---------

/** What such a form edits; the fields a lookup does not have stay out of its form and body. */
interface LookupValues {
  name: string;
  colour?: string;
  referenceId?: string;
  configurationJson?: string;
}

interface LookupItemFields {
  id: string;
  name: string;
  colour?: string | null;
  referenceId?: string | null;
  configurationJson?: string;
}

/** One lookup's form, as data. `Body` is what `schema` makes of the values (a blank reference id as null). */
interface LookupFormDef<Item extends LookupItemFields, Body> {
  singular: string;
  /** The operation's body schema: the form validates as the service does. */
  schema: z.ZodType;
  /** Under the name field. */
  nameHelp?: (item: Item | null) => string;
  /** A colour (the event type's), told apart from the others' colours. */
  colour?: boolean;
  reference?: boolean;
  /** A JSON configuration: the schema of its content, what a new one starts from, what it holds. */
  configuration?: { schema: z.ZodType; template: string; helperText: string };
  /** Body fields the service may name in a 400 besides the form's (an upsert's id). */
  moreLabels?: Readonly<Record<string, string>>;
  save: (body: Body, item: Item | null, run: RunOperation) => Promise<Item>;
}

/** The form component of a lookup described by `def`. */
function lookupForm<Item extends LookupItemFields, Body>(def: LookupFormDef<Item, Body>): ComponentType<LookupFormProps<Item>> {
  const labels: Record<string, string> = {
    name: 'Name',
    ...(def.colour ? { colour: 'Colour' } : {}),
    ...(def.reference ? { referenceId: 'Reference id' } : {}),
    ...(def.configuration ? { configurationJson: 'Configuration' } : {}),
    ...def.moreLabels,
  };
  function LookupForm({ item, items, intro, onSaved, onCancel, onDelete, onDirtyChange }: LookupFormProps<Item>) {
    const usedBy = useMemo(() => {
      const map = new Map<string, string[]>();
      for (const other of items) {
        if (other.id === item?.id || !other.colour) continue;
        const colour = other.colour.toLowerCase();
        map.set(colour, [...(map.get(colour) ?? []), other.name]);
      }
      return map;
    }, [items, item]);
    const { form, layout } = useLookupForm<LookupValues, LookupValues, Item>({
      schema: def.schema as z.ZodType<LookupValues, LookupValues>,
      defaultValues: {
        name: item?.name ?? '',
        ...(def.colour ? { colour: item?.colour ?? firstFreeSwatch(items.map((i) => i.colour)) } : {}),
        ...(def.reference ? { referenceId: item?.referenceId ?? '' } : {}),
        ...(def.configuration ? { configurationJson: item?.configurationJson !== undefined ? readable(item.configurationJson) : def.configuration.template } : {}),
      },
      labels: labels as Record<keyof LookupValues, string>,
      save: (values, run) => def.save((def.reference ? { ...values, referenceId: blankToNull(values.referenceId) } : values) as Body, item, run),
      onSaved,
      onDirtyChange,
    });
    const name = useWatch({ control: form.control, name: 'name' });
    return (
      <LookupFormLayout {...layout} label={item ? `Edit ${def.singular} ${item.name}` : `New ${def.singular}`} intro={intro} isNew={!item} onCancel={onCancel} onDelete={onDelete} singular={def.singular}>
        <FormTextField control={form.control} name="name" label="Name" required autoFocus={!item} fullWidth helperText={def.nameHelp?.(item)} />
        {def.colour && <ColourField control={form.control} name="colour" label="Colour" required usedBy={usedBy} previewLabel={name} />}
        {def.reference && <FormTextField control={form.control} name="referenceId" label="Reference id" fullWidth helperText={REFERENCE_HELP} />}
        {def.configuration && (
          <JsonField control={form.control} name="configurationJson" label="Configuration" required schema={def.configuration.schema} helperText={def.configuration.helperText} />
        )}
      </LookupFormLayout>
    );
  }
  return LookupForm;
}

export const EventTypeForm = lookupForm<EventType, EventTypeBody>({
  singular: 'event type',
  schema: EventTypeBody,
  nameHelp: () => 'Shown on events and in the schedule; unique.',
  colour: true,
  reference: true,
  save: (body, item, run) => (item ? run(api.eventType.update, { params: { id: item.id }, body }) : run(api.eventType.create, { body })),
});

export const ChannelForm = lookupForm<Channel, ChannelBody>({
  singular: 'channel',
  schema: ChannelBody,
  reference: true,
  configuration: {
    schema: ChannelConfigurationSchema,
    template: CHANNEL_TEMPLATE,
    helperText: 'Encoders (the position is INDEX_n of a stream source), each with its publishing points, DVR window and output URLs per protocol.',
  },
  moreLabels: { id: 'Id' },
  // POST /channel/ adds, or updates the channel whose id the body carries.
  save: (body, item, run) => run(api.channel.upsert, { body: { ...body, id: item?.id } }),
});

export const XflowForm = lookupForm<Xflow, XflowBody>({
  singular: 'xflow',
  schema: XflowBody,
  configuration: {
    schema: XflowConfigurationSchema,
    template: XFLOW_TEMPLATE,
    helperText: 'The task engine, the streaming server, VOD output URLs (each with {content_id}) and storageUrlPublic, which asset URLs need.',
  },
  save: (body, item, run) => (item ? run(api.xflow.update, { params: { id: item.id }, body }) : run(api.xflow.create, { body })),
});

export const InfrastructureProfileForm = lookupForm<InfrastructureProfile, InfrastructureProfileBody>({
  singular: 'infrastructure profile',
  schema: InfrastructureProfileBody,
  reference: true,
  configuration: { schema: InfrastructureProfileConfigurationSchema, template: '{\n  \n}', helperText: 'The provisioning resources, as a JSON object.' },
  save: (body, item, run) =>
    item
      ? run(api.infrastructureProfile.update, { params: { id: item.id }, body })
      : run(api.infrastructureProfile.create, { body }),
});

export const RoomForm = lookupForm<Room, RoomBody>({
  singular: 'room',
  schema: RoomBody,
  reference: true,
  save: (body, item, run) => (item ? run(api.room.update, { params: { id: item.id }, body }) : run(api.room.create, { body })),
});

export const TagForm = lookupForm<Tag, { name: string }>({
  singular: 'tag',
  schema: TagBody,
  nameHelp: (item) => (item ? 'Renaming changes it on every event that has it.' : 'Unique; events are filtered by it.'),
  // PUT /tag/ carries the id in the body.
  save: (body, item, run) => (item ? run(api.tag.update, { body: { id: item.id, name: body.name } }) : run(api.tag.create, { body: { name: body.name } })),
});

// ---- Categories -----------------------------------------------------------------------------------

export function CategoryForm({ item, intro, onSaved, onCancel, onDelete, onDirtyChange }: LookupFormProps<Category>) {
  const { form, layout } = useLookupForm({
    schema: CategoryBody,
    defaultValues: {
      name: item?.name ?? '',
      label: item?.label ?? '',
      description: item?.description ?? '',
      customProperties: (item?.customProperties ?? []).map((p) => ({ id: p.id, category: p.category, key: p.key, value: p.value })),
    },
    labels: { name: 'Name', label: 'Label', description: 'Description', customProperties: 'Custom properties' },
    save: (raw, run) => {
      const body = { ...raw, description: blankToNull(raw.description), customProperties: raw.customProperties ?? [] };
      return item ? run(api.category.update, { params: { id: item.id }, body }) : run(api.category.create, { body });
    },
    onSaved,
    onDirtyChange,
  });
  const properties = useFieldArray({ control: form.control, name: 'customProperties' });
  return (
    <LookupFormLayout {...layout} label={item ? `Edit category ${item.name}` : 'New category'} intro={intro} isNew={!item} onCancel={onCancel} onDelete={onDelete} singular="category">
      <FormTextField control={form.control} name="name" label="Name" required autoFocus={!item} fullWidth />
      <FormTextField control={form.control} name="label" label="Label" required fullWidth helperText="Unique; what events and filters show." />
      <FormTextField control={form.control} name="description" label="Description" fullWidth multiline minRows={2} maxRows={6} />
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
          Custom properties
        </Typography>
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 1.5 }}>
          Category and key name a property (once each); events of this category carry its value.
        </Typography>
        {properties.fields.map((row, index) => (
          <Box key={row.id} role="group" aria-label={`Custom property ${index + 1}`} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr auto', sm: '1fr 1fr 1.4fr auto' }, gap: 1, mb: 1.5, alignItems: 'start' }}>
            <FormTextField control={form.control} name={`customProperties.${index}.category`} label="Category" size="small" />
            <FormTextField control={form.control} name={`customProperties.${index}.key`} label="Key" size="small" required />
            <Box sx={{ gridColumn: { xs: '1 / 3', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}>
              <FormTextField control={form.control} name={`customProperties.${index}.value`} label="Value" size="small" fullWidth />
            </Box>
            <Tooltip title="Remove this property">
              <IconButton aria-label={`Remove custom property ${index + 1}`} onClick={() => properties.remove(index)} sx={{ mt: 0.25 }}>
                <RemoveIcon />
              </IconButton>
            </Tooltip>
          </Box>
        ))}
        <Button startIcon={<AddIcon />} onClick={() => properties.append({ id: null, category: '', key: '', value: '' })}>
          Add a property
        </Button>
      </Box>
    </LookupFormLayout>
  );
}
