/**
 * The create/edit form of each kind of lookup, validated with the schema module's body schema
 * (the one the service validates with) and saved through `api`. JSON configurations are edited
 * in the JSON field, checked against the schema of their content as the operator types.
 */
import { useMemo, type ReactNode } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
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
import { ColourField, firstFreeSwatch } from '#components/colour-field.tsx';
import { FormTextField } from '#components/form/text-field.tsx';
import { JsonField } from '#components/json-field.tsx';
import { LookupFormLayout, useLookupForm } from './lookup-form.tsx';

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

// ---- Event types --------------------------------------------------------------------------------

export function EventTypeForm({ item, items, intro, onSaved, onCancel, onDelete, onDirtyChange }: LookupFormProps<EventType>) {
  const usedBy = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const other of items) {
      if (other.id === item?.id || !other.colour) continue;
      const colour = other.colour.toLowerCase();
      map.set(colour, [...(map.get(colour) ?? []), other.name]);
    }
    return map;
  }, [items, item]);
  const { form, layout } = useLookupForm({
    schema: EventTypeBody,
    defaultValues: {
      name: item?.name ?? '',
      referenceId: item?.referenceId ?? '',
      colour: item?.colour ?? firstFreeSwatch(items.map((i) => i.colour)),
    },
    labels: { name: 'Name', referenceId: 'Reference id', colour: 'Colour' },
    save: (body) => {
      const request = { ...body, referenceId: blankToNull(body.referenceId) };
      return item ? api.eventType.update.call({ params: { id: item.id }, body: request }) : api.eventType.create.call({ body: request });
    },
    onSaved,
    onDirtyChange,
  });
  const name = useWatch({ control: form.control, name: 'name' });
  return (
    <LookupFormLayout {...layout} label={item ? `Edit event type ${item.name}` : 'New event type'} intro={intro} isNew={!item} onCancel={onCancel} onDelete={onDelete} singular="event type">
      <FormTextField control={form.control} name="name" label="Name" required autoFocus={!item} fullWidth helperText="Shown on events and in the schedule; unique." />
      <ColourField control={form.control} name="colour" label="Colour" required usedBy={usedBy} previewLabel={name} />
      <FormTextField control={form.control} name="referenceId" label="Reference id" fullWidth helperText={REFERENCE_HELP} />
    </LookupFormLayout>
  );
}

// ---- Channels, xflows, infrastructure profiles ------------------------------------------------

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

export function ChannelForm({ item, intro, onSaved, onCancel, onDelete, onDirtyChange }: LookupFormProps<Channel>) {
  const { form, layout } = useLookupForm({
    schema: ChannelBody,
    defaultValues: { name: item?.name ?? '', referenceId: item?.referenceId ?? '', configurationJson: item ? readable(item.configurationJson) : CHANNEL_TEMPLATE },
    labels: { id: 'Id', name: 'Name', referenceId: 'Reference id', configurationJson: 'Configuration' },
    // POST /channel/ adds, or updates the channel whose id the body carries.
    save: (body) => api.channel.upsert.call({ body: { ...body, id: item?.id, referenceId: blankToNull(body.referenceId) } }),
    onSaved,
    onDirtyChange,
  });
  return (
    <LookupFormLayout {...layout} label={item ? `Edit channel ${item.name}` : 'New channel'} intro={intro} isNew={!item} onCancel={onCancel} onDelete={onDelete} singular="channel">
      <FormTextField control={form.control} name="name" label="Name" required autoFocus={!item} fullWidth />
      <FormTextField control={form.control} name="referenceId" label="Reference id" fullWidth helperText={REFERENCE_HELP} />
      <JsonField
        control={form.control}
        name="configurationJson"
        label="Configuration"
        required
        schema={ChannelConfigurationSchema}
        helperText="Encoders (the position is INDEX_n of a stream source), each with its publishing points, DVR window and output URLs per protocol."
      />
    </LookupFormLayout>
  );
}

export function XflowForm({ item, intro, onSaved, onCancel, onDelete, onDirtyChange }: LookupFormProps<Xflow>) {
  const { form, layout } = useLookupForm({
    schema: XflowBody,
    defaultValues: { name: item?.name ?? '', configurationJson: item ? readable(item.configurationJson) : XFLOW_TEMPLATE },
    labels: { name: 'Name', configurationJson: 'Configuration' },
    save: (body) => (item ? api.xflow.update.call({ params: { id: item.id }, body }) : api.xflow.create.call({ body })),
    onSaved,
    onDirtyChange,
  });
  return (
    <LookupFormLayout {...layout} label={item ? `Edit xflow ${item.name}` : 'New xflow'} intro={intro} isNew={!item} onCancel={onCancel} onDelete={onDelete} singular="xflow">
      <FormTextField control={form.control} name="name" label="Name" required autoFocus={!item} fullWidth />
      <JsonField
        control={form.control}
        name="configurationJson"
        label="Configuration"
        required
        schema={XflowConfigurationSchema}
        helperText="The task engine, the streaming server, VOD output URLs (each with {content_id}) and storageUrlPublic, which asset URLs need."
      />
    </LookupFormLayout>
  );
}

export function InfrastructureProfileForm({ item, intro, onSaved, onCancel, onDelete, onDirtyChange }: LookupFormProps<InfrastructureProfile>) {
  const { form, layout } = useLookupForm({
    schema: InfrastructureProfileBody,
    defaultValues: { name: item?.name ?? '', referenceId: item?.referenceId ?? '', configurationJson: item ? readable(item.configurationJson) : '{\n  \n}' },
    labels: { name: 'Name', referenceId: 'Reference id', configurationJson: 'Configuration' },
    save: (raw) => {
      const body = { ...raw, referenceId: blankToNull(raw.referenceId) };
      return item ? api.infrastructureProfile.update.call({ params: { id: item.id }, body }) : api.infrastructureProfile.create.call({ body });
    },
    onSaved,
    onDirtyChange,
  });
  return (
    <LookupFormLayout {...layout} label={item ? `Edit infrastructure profile ${item.name}` : 'New infrastructure profile'} intro={intro} isNew={!item} onCancel={onCancel} onDelete={onDelete} singular="infrastructure profile">
      <FormTextField control={form.control} name="name" label="Name" required autoFocus={!item} fullWidth />
      <FormTextField control={form.control} name="referenceId" label="Reference id" fullWidth helperText={REFERENCE_HELP} />
      <JsonField
        control={form.control}
        name="configurationJson"
        label="Configuration"
        required
        schema={InfrastructureProfileConfigurationSchema}
        helperText="The provisioning resources, as a JSON object."
      />
    </LookupFormLayout>
  );
}

// ---- Rooms, tags ----------------------------------------------------------------------------------

export function RoomForm({ item, intro, onSaved, onCancel, onDelete, onDirtyChange }: LookupFormProps<Room>) {
  const { form, layout } = useLookupForm({
    schema: RoomBody,
    defaultValues: { name: item?.name ?? '', referenceId: item?.referenceId ?? '' },
    labels: { name: 'Name', referenceId: 'Reference id' },
    save: (raw) => {
      const body = { ...raw, referenceId: blankToNull(raw.referenceId) };
      return item ? api.room.update.call({ params: { id: item.id }, body }) : api.room.create.call({ body });
    },
    onSaved,
    onDirtyChange,
  });
  return (
    <LookupFormLayout {...layout} label={item ? `Edit room ${item.name}` : 'New room'} intro={intro} isNew={!item} onCancel={onCancel} onDelete={onDelete} singular="room">
      <FormTextField control={form.control} name="name" label="Name" required autoFocus={!item} fullWidth />
      <FormTextField control={form.control} name="referenceId" label="Reference id" fullWidth helperText={REFERENCE_HELP} />
    </LookupFormLayout>
  );
}

export function TagForm({ item, intro, onSaved, onCancel, onDelete, onDirtyChange }: LookupFormProps<Tag>) {
  const { form, layout } = useLookupForm({
    schema: TagBody,
    defaultValues: { name: item?.name ?? '' },
    labels: { name: 'Name' },
    // PUT /tag/ carries the id in the body.
    save: (body) => (item ? api.tag.update.call({ body: { id: item.id, name: body.name } }) : api.tag.create.call({ body })),
    onSaved,
    onDirtyChange,
  });
  return (
    <LookupFormLayout {...layout} label={item ? `Edit tag ${item.name}` : 'New tag'} intro={intro} isNew={!item} onCancel={onCancel} onDelete={onDelete} singular="tag">
      <FormTextField
        control={form.control}
        name="name"
        label="Name"
        required
        autoFocus={!item}
        fullWidth
        helperText={item ? 'Renaming changes it on every event that has it.' : 'Unique; events are filtered by it.'}
      />
    </LookupFormLayout>
  );
}

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
    save: (raw) => {
      const body = { ...raw, description: blankToNull(raw.description), customProperties: raw.customProperties ?? [] };
      return item ? api.category.update.call({ params: { id: item.id }, body }) : api.category.create.call({ body });
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
