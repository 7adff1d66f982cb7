import Box from '@mui/material/Box';
import type { Event, EventStateName } from '#schema';
import { FormSelectField } from '#components/form/select-field.tsx';
import { FormTextField } from '#components/form/text-field.tsx';
import { FIELD_LABELS } from './event-form-values.ts';
import { FormSection, fullWidth, type EventFormControl } from './form-section.tsx';
import { TagsField } from './tags-field.tsx';
import type { EventLookups } from './use-lookups.ts';

const KINDS: { value: EventStateName; label: string; hint: string }[] = [
  { value: 'PRE_LIVE', label: 'Live event', hint: 'Starts pre-live and waits for the encoder' },
  { value: 'PRE_VOD', label: 'VOD event', hint: 'Waits for on-demand content' },
];

function Swatch({ colour }: { colour: string | null | undefined }) {
  if (!colour) return null;
  return <Box aria-hidden component="span" sx={{ width: 12, height: 12, flex: '0 0 auto', borderRadius: '3px', bgcolor: colour, border: 1, borderColor: 'divider' }} />;
}

export function IdentitySection({ control, lookups, event }: { control: EventFormControl; lookups: EventLookups; event: Event | null }) {
  const extraCategories = event && event.categories.length > 1 ? event.categories.slice(1).map((c) => c.label || c.name) : [];
  return (
    <FormSection id="identity" title="Identity" description="What the event is called and how other systems find it.">
      <FormTextField
        control={control}
        name="Title"
        label={FIELD_LABELS.Title}
        required
        sx={fullWidth}
        // Long titles wrap so they can be read whole; a title is one line, so Enter adds no line break.
        multiline
        maxRows={4}
        onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
      />
      {!event && (
        // The kind is chosen once, when the event is created (as EventState); afterwards the live controls change the state.
        <FormKindField control={control} />
      )}
      <FormTextField control={control} name="RefId" label={FIELD_LABELS.RefId} helperText="Your own reference; at most 100 characters." />
      <FormTextField control={control} name="ExternalId" label={FIELD_LABELS.ExternalId} helperText="The id in another system; at most 100 characters." />
      <FormTextField control={control} name="Description" label={FIELD_LABELS.Description} multiline minRows={2} maxRows={10} sx={fullWidth} />
      <FormSelectField
        control={control}
        name="EventTypeId"
        label={FIELD_LABELS.EventTypeId}
        noneLabel="No type"
        options={lookups.eventTypes.options.map((o) => ({ ...o, adornment: <Swatch colour={lookups.eventTypes.colours.get(o.value)} /> }))}
        loading={lookups.eventTypes.loading}
        loadError={lookups.eventTypes.error}
        unknownLabel={(id) => (event?.eventTypeId === id && event.eventType ? event.eventType : `Unknown type (${id})`)}
      />
      <FormSelectField
        control={control}
        name="CategoryId"
        label={FIELD_LABELS.CategoryId}
        noneLabel="No category"
        options={lookups.categories.options}
        loading={lookups.categories.loading}
        loadError={lookups.categories.error}
        unknownLabel={(id) => (event?.categoryId === id && event.category ? event.category : `Unknown category (${id})`)}
        helperText={extraCategories.length > 0 ? `Also in ${extraCategories.join(', ')}; this field sets the first category.` : undefined}
      />
      <Box sx={fullWidth}>
        <TagsField control={control} known={lookups.tags.all} loading={lookups.tags.loading} />
      </Box>
    </FormSection>
  );
}

/** EventState of a new event, offered as the two kinds an operator creates. */
function FormKindField({ control }: { control: EventFormControl }) {
  return (
    <FormSelectField
      control={control}
      name="EventState"
      label={FIELD_LABELS.EventState}
      options={KINDS}
      sx={fullWidth}
      helperText="Live events are started from this page; VOD events wait for content."
    />
  );
}
