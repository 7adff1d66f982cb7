import { useWatch } from 'react-hook-form';
import { FormDateTimeField } from '#components/form/date-time-field.tsx';
import { BookingWarning } from '#pages/schedule/index.ts';
import { timeZoneLabel } from '#components/form/date-time.ts';
import { FIELD_LABELS, type EventField } from './event-form-values.ts';
import { FieldGroupHeading, FormSection, fullWidth, type EventFormControl } from './form-section.tsx';
import type { EventLookups } from './use-lookups.ts';

const PAIRS: readonly { heading: string; start: EventField; end: EventField; hint?: string }[] = [
  { heading: 'On air', start: 'ScheduledStart', end: 'ScheduledEnd' },
  { heading: 'Public window', start: 'PublishedStart', end: 'PublishedEnd' },
  { heading: 'Instant VOD window', start: 'InstantVodStart', end: 'InstantVodEnd' },
  { heading: 'Infrastructure', start: 'ScheduledProvisionAt', end: 'ScheduledTerminateAt' },
  { heading: 'Archive capture', start: 'ArchiverStart', end: 'ArchiverEnd' },
];

export function ScheduleSection({ control, lookups, eventId }: { control: EventFormControl; lookups: EventLookups; eventId: string | null }) {
  const [start, end, channelId] = useWatch({ control, name: ['ScheduledStart', 'ScheduledEnd', 'ChannelId'] });
  const channel = lookups.channels.options.find((o) => o.value === channelId)?.label;
  return (
    <FormSection
      id="schedule"
      title="Schedule"
      description={
        <>
          Times are in your time zone, <strong>{timeZoneLabel()}</strong>. Leave a time empty when it does not apply.
        </>
      }
    >
      {PAIRS.map((pair) => [
        <FieldGroupHeading key={`${pair.start}-heading`}>{pair.heading}</FieldGroupHeading>,
        <FormDateTimeField key={pair.start} control={control} name={pair.start} label={FIELD_LABELS[pair.start]} />,
        <FormDateTimeField key={pair.end} control={control} name={pair.end} label={FIELD_LABELS[pair.end]} />,
        // Booked on its channel then? Said beside the times that would move it.
        pair.start === 'ScheduledStart' && <BookingWarning key="booking" channel={channel} start={start as string | null} end={end as string | null} eventId={eventId} sx={fullWidth} />,
      ])}
    </FormSection>
  );
}
