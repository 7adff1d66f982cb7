/**
 * The audio inputs of an event's channel profile as an editable list, one row per input (language,
 * audio channel, enabled), shown by audio channel. Duplicate languages and audio channels are
 * flagged on every row involved as they are typed, and block saving; a 400 of the service lands
 * on the row it names. Saving creates the profile (POST /channelprofile/) when the event has
 * none, or updates it (PUT /channelprofile/{id}).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { ChannelProfile, Event, FieldError } from '#schema';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { notify } from '#app/notifications.tsx';
import { applyServerErrors, type MappedServerErrors } from '#components/form/server-errors.ts';
import { useUnloadWarning } from '#components/leave-guard.tsx';
import { createDraftStore } from '../client-properties/drafts.ts';
import { DiscardButton, SaveBar, type SaveProblem } from '../save-bar.tsx';
import { audioResolver, formToBody, mapServiceErrors, MISSING_LANGUAGE, newRow, profileToForm, type AudioFormValues, type RowProblem } from './audio-inputs.ts';
import { AudioInputRow } from './audio-input-row.tsx';
import { useCan } from '#app/use-role.ts';

type AudioFieldName = `AudioInputs.${number}.${'LanguageCode' | 'AudioChannel'}`;
/** The field a problem of the service is about (one about an input's id goes on its language). */
const fieldOf = (p: RowProblem): AudioFieldName => `AudioInputs.${p.row}.${p.field === 'Id' ? 'LanguageCode' : p.field}`;
/** The service's 400 onto the rows' fields (for `applyServerErrors`): an input's id is its language's field. */
const audioServerErrors = (errors: readonly FieldError[]): MappedServerErrors<AudioFieldName> => {
  const mapped = mapServiceErrors(errors);
  return { fields: mapped.rows.map((p) => ({ name: fieldOf(p), message: p.message })), other: mapped.other };
};

/** Unsaved rows per event (for the profile they were typed for; null: no profile yet). */
export const audioDrafts = createDraftStore<{ profileId: string | null; values: AudioFormValues }>();

export interface AudioInputsEditorProps {
  event: Event;
  /** The event's profile; null when it has none (saving creates it). */
  profile: ChannelProfile | null;
  /** Start with one new row (the operator asked to add an input to an event without a profile). */
  startWithRow?: boolean;
  /** Leaves the editor of a profile not created yet. */
  onCancelNew?: () => void;
}

export function AudioInputsEditor({ event, profile, startWithRow = false, onCancelNew }: AudioInputsEditorProps) {
  const describeError = useDescribeError();
  const write = useCan()(api.channelProfile.upsertForEvent);
  const serverValues = useMemo(() => profileToForm(profile), [profile]);
  const draft = audioDrafts.get(event.id);
  const [initial] = useState<AudioFormValues>(() => {
    if (draft && draft.profileId === (profile?.id ?? null)) return draft.values;
    return startWithRow ? { AudioInputs: [newRow(serverValues.AudioInputs)] } : serverValues;
  });
  const form = useForm<AudioFormValues>({ resolver: audioResolver, defaultValues: serverValues, mode: 'onChange' });
  const { control, formState } = form;
  const rows = useFieldArray({ control, name: 'AudioInputs', keyName: 'key' });
  const create = useMutation(api.channelProfile.create.mutationOptions());
  const update = useMutation(api.channelProfile.update.mutationOptions());
  const [problem, setProblem] = useState<SaveProblem<AudioFieldName> | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  // Unsaved rows come back (and are checked at once) after a look at another tab.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    if (initial !== serverValues) {
      form.setValue('AudioInputs', initial.AudioInputs, { shouldDirty: true });
      void form.trigger();
    }
  }, [form, initial, serverValues]);

  // The service's profile changed (a save in another tab, a refresh): follow it unless there are edits.
  const followed = useRef(serverValues);
  useEffect(() => {
    if (followed.current === serverValues) return;
    followed.current = serverValues;
    if (!form.getFieldState('AudioInputs').isDirty && !audioDrafts.get(event.id)) form.reset(serverValues);
  }, [serverValues, form, event.id]);

  const watched = useWatch({ control, name: 'AudioInputs' });
  const dirty = formState.isDirty;
  useEffect(() => {
    if (!restored.current) return;
    if (dirty) audioDrafts.set(event.id, { profileId: profile?.id ?? null, values: { AudioInputs: watched } });
    else audioDrafts.set(event.id, undefined);
  }, [watched, dirty, event.id, profile?.id]);

  useUnloadWarning(dirty);

  const revalidate = () => void form.trigger('AudioInputs');
  const busy = formState.isSubmitting || create.isPending || update.isPending;
  const rowErrors = formState.errors.AudioInputs;
  const problemCount = Array.isArray(rowErrors) ? rowErrors.filter(Boolean).length : 0;
  const isNew = profile === null;
  const missingOnly =
    Array.isArray(rowErrors) && rowErrors.every((e: (typeof rowErrors)[number]) => !e || (e.LanguageCode?.message === MISSING_LANGUAGE && !e.AudioChannel));

  const submit = form.handleSubmit(
    async (values) => {
      setProblem(null);
      const body = formToBody(values);
      try {
        const saved = isNew
          ? await create.mutateAsync({ body: { EventId: event.id, AudioInputs: body.AudioInputs } })
          : await update.mutateAsync({ params: { id: profile.id }, body });
        // The write's `invalidates` has refreshed the profile (and its lists) by now.
        audioDrafts.set(event.id, undefined);
        form.reset(profileToForm(saved));
        notify(isNew ? `Created the channel profile of ‘${event.title || 'Untitled event'}’.` : `Saved the audio inputs of ‘${event.title || 'Untitled event'}’.`, {
          severity: 'success',
        });
      } catch (error) {
        const result = applyServerErrors(form, error, { map: audioServerErrors });
        if (result.handled) {
          setProblem({
            title: 'The service did not accept the audio inputs',
            lines: [...result.fields.map((f) => ({ text: `Input ${Number(f.name.split('.')[1]) + 1}: ${f.message}`, field: f.name })), ...result.other.map((text) => ({ text }))],
          });
        } else {
          setProblem({ title: 'Could not save the audio inputs', lines: [{ text: describeError(error).message }] });
        }
      }
    },
    () => setProblem(null),
  );

  const count = watched.length;
  const status = busy
    ? 'Saving…'
    : problemCount > 0
      ? missingOnly
        ? 'Choose a language for each input to save'
        : `Fix ${problemCount === 1 ? 'one input' : `${problemCount} inputs`} to save`
      : isNew
        ? 'New channel profile — not saved yet'
        : dirty
          ? 'Unsaved changes'
          : 'All changes saved';

  return (
    <Box
      component="form"
      noValidate
      aria-label="Audio inputs"
      onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => {
        if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
          e.preventDefault();
          void submit();
        }
      }}
    >
      {count === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 2 }}>
          {isNew ? 'No inputs yet: add one to create the profile.' : 'No audio inputs: the profile is empty. Add one, or delete the profile.'}
        </Typography>
      ) : (
        <Box component="ol" aria-label="Audio inputs" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {rows.fields.map((row, index) => {
            const rowError = Array.isArray(rowErrors) ? rowErrors[index] : undefined;
            const error = rowError && !(rowError.LanguageCode?.message === MISSING_LANGUAGE && !rowError.AudioChannel && !formState.touchedFields.AudioInputs?.[index]?.LanguageCode) ? rowError : undefined;
            return (
              <AudioInputRow
                key={row.key}
                control={control}
                index={index}
                language={watched[index]?.LanguageCode}
                error={Boolean(error)}
                revalidate={revalidate}
                onRemove={() => {
                  rows.remove(index);
                  void form.trigger();
                  // The focus goes somewhere sensible: the add button.
                  addButton.current?.focus();
                }}
              />
            );
          })}
        </Box>
      )}
      <Button
        ref={addButton}
        startIcon={<AddIcon />}
        onClick={() => {
          rows.append(newRow(form.getValues('AudioInputs')), { shouldFocus: true, focusName: `AudioInputs.${count}.LanguageCode` });
        }}
        sx={{ mt: 1.5 }}
        disabled={!write.allowed}
      >
        Add an audio input
      </Button>

      <SaveBar
        label="Save audio inputs"
        inCard
        status={status}
        pending={dirty || isNew}
        error={problemCount > 0}
        problem={problem}
        onDismissProblem={() => setProblem(null)}
        onFocusField={(field) => form.setFocus(field)}
        secondary={
          isNew && onCancelNew ? (
            <Button
              onClick={() => {
                audioDrafts.set(event.id, undefined);
                onCancelNew();
              }}
              disabled={busy}
            >
              Cancel
            </Button>
          ) : (
            <DiscardButton
              onClick={() => {
                form.reset(serverValues);
                setProblem(null);
                audioDrafts.set(event.id, undefined);
              }}
              disabled={!dirty || busy}
            />
          )
        }
        submitLabel={isNew ? 'Create profile' : 'Save'}
        submitDisabled={!write.allowed || problemCount > 0 || (!isNew && !dirty) || (isNew && count === 0)}
        busy={busy}
      />
    </Box>
  );
}
