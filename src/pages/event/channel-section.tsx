import Alert from '@mui/material/Alert';
import type { Event } from '#schema';
import { FormSelectField } from '#components/form/select-field.tsx';
import { eventStateInfo } from '#components/event-state.ts';
import { channelLocked, FIELD_LABELS } from './event-form-values.ts';
import { FormSection, fullWidth, type EventFormControl } from './form-section.tsx';
import type { EventLookups } from './use-lookups.ts';

export function ChannelSection({ control, lookups, event }: { control: EventFormControl; lookups: EventLookups; event: Event | null }) {
  const locked = channelLocked(event?.state);
  const lockedWhy = locked && event ? `Cannot change while the event is ${eventStateInfo(event.state).label.toLowerCase()}: the service ignores it then.` : undefined;
  return (
    <FormSection id="channel" title="Channel & workflow" description="Where the event is encoded and how its recording is processed.">
      {locked && (
        <Alert severity="info" sx={fullWidth}>
          The channel and the infrastructure profile are fixed while the event is starting, streaming or stopping. Stop the event to change them.
        </Alert>
      )}
      <FormSelectField
        control={control}
        name="ChannelId"
        label={FIELD_LABELS.ChannelId}
        noneLabel="No channel"
        options={lookups.channels.options}
        loading={lookups.channels.loading}
        loadError={lookups.channels.error}
        unknownLabel={(id) => (event?.channelId === id && event.channel ? event.channel : `Unknown channel (${id})`)}
        disabled={locked}
        helperText={lockedWhy ?? 'The encoders that stream the event.'}
      />
      <FormSelectField
        control={control}
        name="InfrastructureProfileId"
        label={FIELD_LABELS.InfrastructureProfileId}
        noneLabel="No profile"
        options={lookups.infrastructureProfiles.options}
        loading={lookups.infrastructureProfiles.loading}
        loadError={lookups.infrastructureProfiles.error}
        unknownLabel={(id) => (event?.infrastructureProfileId === id && event.infrastructureProfile ? event.infrastructureProfile : `Unknown profile (${id})`)}
        disabled={locked}
        helperText={lockedWhy}
      />
      <FormSelectField
        control={control}
        name="XflowId"
        label={FIELD_LABELS.XflowId}
        noneLabel="No workflow"
        options={lookups.xflows.options}
        loading={lookups.xflows.loading}
        loadError={lookups.xflows.error}
        unknownLabel={(id) => (event?.xflowId === id && event.xflow ? event.xflow : `Unknown workflow (${id})`)}
        helperText="Processes the recording into VOD."
      />
      <FormSelectField
        control={control}
        name="RemixflowId"
        label={FIELD_LABELS.RemixflowId}
        noneLabel="No remix workflow"
        options={lookups.xflows.options}
        loading={lookups.xflows.loading}
        loadError={lookups.xflows.error}
        unknownLabel={(id) => (event?.remixflowId === id && event.remixflow ? event.remixflow : `Unknown workflow (${id})`)}
      />
      {/* Hidden while the service offers no archiver flows (501), unless the event names one. */}
      {(lookups.archiverflows.offered || event?.archiverflowId) && (
        <FormSelectField
          control={control}
          name="ArchiverflowId"
          label={FIELD_LABELS.ArchiverflowId}
          noneLabel="No archiver flow"
          options={lookups.archiverflows.options}
          loading={lookups.archiverflows.loading}
          loadError={lookups.archiverflows.error}
          unknownLabel={(id) => (event?.archiverflowId === id && event.archiverflow ? event.archiverflow : `Unknown archiver flow (${id})`)}
        />
      )}
      <FormSelectField
        control={control}
        name="RoomId"
        label={FIELD_LABELS.RoomId}
        noneLabel="No room"
        options={lookups.rooms.options}
        loading={lookups.rooms.loading}
        loadError={lookups.rooms.error}
        unknownLabel={(id) => (event?.roomId === id && event.room ? event.room : `Unknown room (${id})`)}
      />
    </FormSection>
  );
}
