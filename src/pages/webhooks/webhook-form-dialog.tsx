// Over ~250 lines: one form's field list (URL, scope, format, authentication, headers) with its submit.
/**
 * Adding or editing a webhook, in a dialog (full screen on a phone): the URL, whom it is for
 * (every event, or one event; fixed once created), JSON or form parameters, basic authentication
 * and extra headers. Checked by the schema module's own field schemas before sending; the
 * service's refusals (a private address, a header it sets itself...) land on their fields.
 */
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import { useDescribeError } from '#app/use-describe-error.ts';
import { api } from '#app/api.ts';
import { notify } from '#app/notifications.tsx';
import { ActionDialog } from '#components/action-dialog.tsx';
import { applyServerErrors } from '#components/form/server-errors.ts';
import { FormSwitchField } from '#components/form/switch-field.tsx';
import { FormTextField } from '#components/form/text-field.tsx';
import { EventPicker, useEventTitle } from '#components/event-picker.tsx';
import { HeadersEditor } from './headers-editor.tsx';
import { toAnyWebhook, type AnyWebhook } from './use-webhooks.ts';
import {
  formToBody,
  formMessage,
  formToEventBody,
  mapWebhookServerErrors,
  newWebhookFormValues,
  webhookFormIssueMessage,
  WebhookFormSchema,
  webhookToFormValues,
  type WebhookFormValues,
} from './webhook-form-values.ts';

const zod = zodResolver(WebhookFormSchema, { error: webhookFormIssueMessage }) as unknown as Resolver<WebhookFormValues>;

function capitalize(errors: FieldErrors): void {
  for (const value of Object.values(errors)) {
    if (!value || typeof value !== 'object') continue;
    const error = value as { message?: unknown };
    if (typeof error.message === 'string') error.message = formMessage(error.message);
    else capitalize(value as FieldErrors);
  }
}

/** The schema's resolver, with messages starting in capitals like the rest of the form. */
const resolver: Resolver<WebhookFormValues> = async (values, context, options) => {
  const result = await zod(values, context, options);
  capitalize(result.errors);
  return result;
};

export interface WebhookFormDialogProps {
  open: boolean;
  /** The webhook to edit; null to add one. */
  webhook: AnyWebhook | null;
  /** Adding from an event's page: the new webhook is that event's, without asking. */
  fixedEventId?: string | null;
  /** The event a new webhook starts with (the webhooks page's selected event). */
  initialEventId?: string | null;
  onClose: () => void;
  onSaved: (webhook: AnyWebhook, created: boolean) => void;
}

export function WebhookFormDialog(props: WebhookFormDialogProps) {
  return props.open ? <WebhookForm {...props} /> : null;
}

function WebhookForm({ webhook, fixedEventId = null, initialEventId = null, onClose, onSaved }: WebhookFormDialogProps) {
  const describeError = useDescribeError();
  const creating = webhook === null;
  const [defaults] = useState(() => (webhook ? webhookToFormValues(webhook) : newWebhookFormValues(fixedEventId ?? initialEventId)));
  // Checked on the first save, then as the user corrects: no error for a field merely passed through
  // (adding a header row before typing the URL is normal).
  const form = useForm<WebhookFormValues>({ resolver, defaultValues: defaults, mode: 'onSubmit', reValidateMode: 'onChange' });
  const { control, formState, setValue } = form;
  const [problem, setProblem] = useState<{ title: string; lines: string[] } | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const scope = useWatch({ control, name: 'scope' });
  const basicAuth = useWatch({ control, name: 'useHttpBasicAuthentication' });
  const eventId = useWatch({ control, name: 'eventId' });
  const eventTitle = useEventTitle(webhook?.eventId ?? fixedEventId);

  const upsert = useMutation(api.webhook.upsert.mutationOptions());
  const upsertForEvent = useMutation(api.webhook.upsertForEvent.mutationOptions());
  const update = useMutation(api.webhook.update.mutationOptions());
  const updateForEvent = useMutation(api.webhook.updateForEvent.mutationOptions());

  useEffect(() => {
    if (!creating || fixedEventId) return;
    if (scope === 'system') setValue('eventId', null);
  }, [creating, fixedEventId, scope, setValue]);

  const submit = form.handleSubmit(
    async (values) => {
      setProblem(null);
      try {
        let saved: AnyWebhook;
        if (webhook) {
          saved = webhook.eventId
            ? toAnyWebhook(await updateForEvent.mutateAsync({ params: { id: webhook.id }, body: formToEventBody({ ...values, eventId: webhook.eventId }) }))
            : toAnyWebhook(await update.mutateAsync({ params: { id: webhook.id }, body: formToBody(values) }));
        } else {
          saved =
            values.scope === 'event'
              ? toAnyWebhook(await upsertForEvent.mutateAsync({ body: formToEventBody(values) }))
              : toAnyWebhook(await upsert.mutateAsync({ body: formToBody(values) }));
        }
        notify(creating ? `Added the webhook for ${saved.webhookUrl}` : `Saved the webhook for ${saved.webhookUrl}`, { severity: 'success' });
        onSaved(saved, creating);
      } catch (error) {
        const mapped = applyServerErrors(form, error, {
          map: (errors) => {
            const m = mapWebhookServerErrors(errors, values.headers.length);
            return { fields: m.fields.map((f) => ({ ...f, message: formMessage(f.message) })), other: m.other };
          },
        });
        if (mapped.handled) {
          if (mapped.other.length > 0 || mapped.fields.length === 0) setProblem({ title: 'The service did not accept the webhook', lines: mapped.other.length > 0 ? mapped.other : [describeError(error).message] });
        } else {
          const described = describeError(error);
          setProblem({ title: creating ? 'Could not add the webhook' : 'Could not save the webhook', lines: [described.message] });
        }
      }
    },
    () => setProblem(null),
  );

  return (
    <ActionDialog
      title={creating ? 'Add a webhook' : 'Edit the webhook'}
      actionLabel={creating ? 'Add webhook' : 'Save'}
      onSubmit={(e) => void submit(e)}
      busy={formState.isSubmitting}
      errorTitle={problem?.title}
      error={problem?.lines.map((line) => (
        <Box key={line}>{line}</Box>
      ))}
      onClose={onClose}
      maxWidth="md"
      long
    >
      <Stack spacing={2.5}>
        <FormTextField
          control={control}
          name="webhookUrl"
          label="URL"
          required
          fullWidth
          autoFocus
          placeholder="https://example.com/hooks/control-room"
          helperText="The receiver’s http(s) address. It gets a POST for every change of the events it is for."
          slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off', inputMode: 'url' } }}
        />

        {creating && !fixedEventId ? (
          <FormControl component="fieldset">
            <FormLabel component="legend">Sent for</FormLabel>
            <Controller
              control={control}
              name="scope"
              render={({ field }) => (
                <RadioGroup row value={field.value} onChange={(e) => field.onChange(e.target.value)} name={field.name}>
                  <FormControlLabel value="system" control={<Radio />} label="All events (system-wide)" />
                  <FormControlLabel value="event" control={<Radio />} label="One event" />
                </RadioGroup>
              )}
            />
            {scope === 'event' && (
              <Controller
                control={control}
                name="eventId"
                render={({ field, fieldState }) => (
                  <Box sx={{ mt: 1, maxWidth: 520 }}>
                    <EventPicker value={field.value} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} error={fieldState.error?.message} helperText="Only changes of this event are sent." />
                  </Box>
                )}
              />
            )}
          </FormControl>
        ) : (
          <Box>
            <Typography variant="subtitle2">Sent for</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {(webhook?.eventId ?? fixedEventId) ? `Changes of ${eventTitle ? `‘${eventTitle}’` : 'this event'} only` : 'Every change of every event (system-wide)'}
              {!creating && ' · fixed once the webhook exists'}
            </Typography>
          </Box>
        )}

        <FormControl component="fieldset">
          <FormLabel component="legend">Format</FormLabel>
          <Controller
            control={control}
            name="useJsonBody"
            render={({ field }) => (
              <RadioGroup value={field.value ? 'json' : 'form'} onChange={(e) => field.onChange(e.target.value === 'json')} name={field.name}>
                <FormControlLabel value="json" control={<Radio />} label={<FormatLabel title="JSON body" detail="application/json, camelCase names, states by name" />} />
                <FormControlLabel value="form" control={<Radio />} label={<FormatLabel title="Form parameters" detail="application/x-www-form-urlencoded, PascalCase names, states as numbers" />} />
              </RadioGroup>
            )}
          />
        </FormControl>

        <Divider />
        <Box>
          <FormSwitchField control={control} name="useHttpBasicAuthentication" label="HTTP basic authentication" description="Sends the user name and password in an Authorization header." />
          {basicAuth && (
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mt: 1.5 }}>
              <FormTextField control={control} name="username" label="User name" required fullWidth slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }} />
              <FormTextField
                control={control}
                name="password"
                label="Password"
                type={showPassword ? 'text' : 'password'}
                // Write-only: the service keeps it and never answers it.
                helperText={webhook?.passwordSet ? 'Set; leave empty to keep it' : 'Not set'}
                fullWidth
                slotProps={{
                  htmlInput: { autoComplete: 'new-password' },
                  input: {
                    endAdornment: (
                      <InputAdornment position="end">
                        <IconButton aria-label={showPassword ? 'Hide the password' : 'Show the password'} onClick={() => setShowPassword((v) => !v)} edge="end">
                          {showPassword ? <VisibilityOffIcon /> : <VisibilityIcon />}
                        </IconButton>
                      </InputAdornment>
                    ),
                  },
                }}
              />
            </Box>
          )}
        </Box>
        <Divider />
        <HeadersEditor control={control} />
        {scope === 'event' && !eventId && creating && !fixedEventId && formState.isSubmitted && (
          <Typography variant="body2" sx={{ color: 'error.main' }}>
            Choose the event above, or send it for all events.
          </Typography>
        )}
      </Stack>
    </ActionDialog>
  );
}

function FormatLabel({ title, detail }: { title: string; detail: string }) {
  return (
    <Box sx={{ py: 0.5 }}>
      <Typography variant="body2">{title}</Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {detail}
      </Typography>
    </Box>
  );
}
