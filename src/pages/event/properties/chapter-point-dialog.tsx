/**
 * Add or edit a chapter point: title, start and end as timecodes (or date-times), tag, reference
 * id and parent. react-hook-form with the body's own schema (ChapterPointBody) behind the form's
 * values; the service's 400s land on the field they name.
 */
import { useMemo } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ChapterPoint, ChapterPointBody } from '#schema';
import { api } from '#app/api.ts';
import { notify } from '#app/notifications.tsx';
import { ActionDialog } from '#components/action-dialog.tsx';
import { sentence } from '#components/form/server-errors.ts';
import { useFormSubmit } from '#components/form/use-form-submit.ts';
import { formIssueMessage } from '../form-messages.ts';
import {
  CHAPTER_POINT_FIELD_LABELS,
  chapterPointFormSchema,
  chapterPointIssueMessage,
  chapterPointToFormValues,
  displayTime,
  flattenTree,
  newChapterPointValues,
  normalizeTimeInput,
  type ChapterPointFormValues,
} from './chapter-point-values.ts';

export type ChapterPointDialogMode = { kind: 'add'; parent: ChapterPoint | null } | { kind: 'edit'; point: ChapterPoint };

export interface ChapterPointDialogProps {
  mode: ChapterPointDialogMode | null;
  eventId: string;
  roots: readonly ChapterPoint[];
  onClose: () => void;
  onSaved: (point: ChapterPoint) => void;
}

export function ChapterPointDialog(props: ChapterPointDialogProps) {
  return props.mode ? <ChapterPointDialogBody {...props} mode={props.mode} /> : null;
}

const FIELDS = Object.keys(CHAPTER_POINT_FIELD_LABELS) as (keyof ChapterPointFormValues)[];

function TimeHelper({ value, fallback }: { value: string; fallback: string }) {
  const normalized = normalizeTimeInput(value);
  if (value.trim() !== '' && normalized !== value.trim()) return <>Saved as {normalized}</>;
  return <>{fallback}</>;
}

function ChapterPointDialogBody({ mode, eventId, roots, onClose, onSaved }: ChapterPointDialogProps & { mode: ChapterPointDialogMode }) {
  const editing = mode.kind === 'edit' ? mode.point : undefined;
  const resolver = useMemo(
    () =>
      zodResolver(chapterPointFormSchema({ eventId, ...(editing ? { id: editing.id } : {}) }), {
        error: (issue) => chapterPointIssueMessage(issue) ?? formIssueMessage(issue),
      }) as unknown as Resolver<ChapterPointFormValues, unknown, ChapterPointBody>,
    [eventId, editing],
  );
  const form = useForm<ChapterPointFormValues, unknown, ChapterPointBody>({
    resolver,
    defaultValues: editing ? chapterPointToFormValues(editing) : newChapterPointValues(mode.kind === 'add' ? mode.parent : null),
  });
  const { control } = form;
  const startTime = useWatch({ control, name: 'startTime' });
  const endTime = useWatch({ control, name: 'endTime' });
  const save = useMutation(api.chapterPoint.upsert.mutationOptions());

  // A chapter point cannot go under itself or its own subtree.
  const parents = useMemo(() => {
    const flat = flattenTree(roots);
    return editing ? flat.filter((f) => f.point.id !== editing.id && !f.ancestors.includes(editing.id)) : flat;
  }, [roots, editing]);

  const submit = useFormSubmit(
    form,
    async (body) => {
      const saved = await save.mutateAsync({ body });
      notify(editing ? `Saved ‘${saved.title}’.` : `Added ‘${saved.title}’.`, { severity: 'success' });
      onSaved(saved);
      onClose();
    },
    { names: FIELDS, message: sentence, prefix: 'Not saved.' },
  );

  const parentTitle = mode.kind === 'add' && mode.parent ? mode.parent.title : null;
  const title = editing ? `Edit ‘${editing.title}’` : parentTitle ? `Add a chapter point under ‘${parentTitle}’` : 'Add a chapter point';

  return (
    <ActionDialog title={title} actionLabel={editing ? 'Save' : 'Add chapter point'} {...submit} onClose={onClose} long>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Controller
          name="title"
          control={control}
          render={({ field, fieldState }) => (
            <TextField {...field} inputRef={field.ref} label="Title" required autoFocus error={Boolean(fieldState.error)} helperText={fieldState.error?.message} fullWidth />
          )}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Controller
            name="startTime"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                label="Start"
                required
                fullWidth
                placeholder="00:12:30"
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? <TimeHelper value={startTime} fallback="From the start of the stream: hh:mm:ss" />}
                slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } } }}
              />
            )}
          />
          <Controller
            name="endTime"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                label="End"
                fullWidth
                placeholder="optional"
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? <TimeHelper value={endTime} fallback="Leave empty for a point in time" />}
                slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } } }}
              />
            )}
          />
        </Stack>
        <Controller
          name="parentId"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              select
              label="Parent"
              fullWidth
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? 'Where it sits in the tree.'}
              slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
            >
              <MenuItem value="">
                <em>None: a top-level chapter point</em>
              </MenuItem>
              {parents.map(({ point, depth }) => (
                <MenuItem key={point.id} value={point.id} sx={{ pl: 2 + depth * 2 }}>
                  <Box component="span" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12, color: 'text.secondary', mr: 1 }}>
                    {displayTime(point.startTime, undefined).text}
                  </Box>
                  <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                    {point.title}
                  </Box>
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Controller
            name="tag"
            control={control}
            render={({ field, fieldState }) => (
              <TextField {...field} inputRef={field.ref} label="Tag" fullWidth error={Boolean(fieldState.error)} helperText={fieldState.error?.message ?? 'goal, song, q-and-a…'} />
            )}
          />
          <Controller
            name="referenceId"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                label="Reference id"
                fullWidth
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? 'Your system’s id, if any'}
              />
            )}
          />
        </Stack>
      </Stack>
    </ActionDialog>
  );
}
