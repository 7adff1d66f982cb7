import { FormDateTimeField } from '#components/form/date-time-field.tsx';
import { timeZoneLabel } from '#components/form/date-time.ts';
import { FIELD_LABELS, type EventField } from './event-form-values.ts';
import { FieldGroupHeading, FormSection, type EventFormControl } from './form-section.tsx';

const PAIRS: readonly { heading: string; start: EventField; end: EventField; hint?: string }[] = [
  { heading: 'On air', start: 'ScheduledStart', end: 'ScheduledEnd' },
  { heading: 'Public window', start: 'PublishedStart', end: 'PublishedEnd' },
  { heading: 'Instant VOD window', start: 'InstantVodStart', end: 'InstantVodEnd' },
  { heading: 'Infrastructure', start: 'ScheduledProvisionAt', end: 'ScheduledTerminateAt' },
  { heading: 'Archive capture', start: 'ArchiverStart', end: 'ArchiverEnd' },
];

export function ScheduleSection({ control }: { control: EventFormControl }) {
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
      ])}
    </FormSection>
  );
}
