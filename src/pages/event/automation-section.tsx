import { FormSwitchField } from '#components/form/switch-field.tsx';
import { FIELD_LABELS, type EventField } from './event-form-values.ts';
import { FormSection, type EventFormControl } from './form-section.tsx';

const SWITCHES: readonly { name: EventField; description: string }[] = [
  { name: 'AutoStart', description: 'Starts the encoder at the scheduled start.' },
  { name: 'AutoPublish', description: 'Makes the stream public as soon as it is live.' },
  { name: 'AutoEnd', description: 'Stops the encoder at the scheduled end.' },
  { name: 'AutoStartPublications', description: 'Starts the event’s live publications when it goes live.' },
  { name: 'AutoProvisionInfrastructure', description: 'Sets up the infrastructure profile’s resources at “Provision infrastructure at”.' },
  { name: 'AutoTerminateInfrastructure', description: 'Releases them again at “Terminate infrastructure at”.' },
  {
    name: 'AutoExpirePublishingPoints',
    // The Event the service answers does not carry this setting, so the form cannot show what is stored.
    description: 'Restarts the event when all its publishing points fail. The service does not report this setting back: it shows off until you turn it on, and each save sends what it shows.',
  },
  { name: 'SetPrivateAfterGeneration', description: 'Keeps the VOD private once it has been generated.' },
];

export function AutomationSection({ control }: { control: EventFormControl }) {
  return (
    <FormSection id="automation" title="Automation" description="What the service does by itself, at the times on the schedule.">
      {SWITCHES.map((s) => (
        <FormSwitchField key={s.name} control={control} name={s.name} label={FIELD_LABELS[s.name]} description={s.description} />
      ))}
    </FormSection>
  );
}
