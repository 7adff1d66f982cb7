/**
 * What every configuration form shares: react-hook-form on the schema's body (zodResolver), the
 * service's 400s put on their fields, a problem box for what has no field, the dirty state the
 * panel needs to guard a close, and the footer with Save, Cancel and Delete.
 */
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { MutationObserver, useQueryClient } from '@tanstack/react-query';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import type { Endpoint, EndpointInput, EndpointOutput } from '#schema';
import type { OperationUtils } from '#client';
import { useDescribeError } from '#app/use-describe-error.ts';
import { RoleNotice } from '#app/role-notice.tsx';
import type { Permission } from '#app/use-role.ts';
import { applyServerErrors, sentence } from '#components/form/server-errors.ts';

/** zod's generic messages in the form's words; the schemas' own messages win. */
export const formIssueMessage: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'Required' : undefined;
    case 'too_small':
      return issue.origin === 'string' ? (issue.minimum === 1 ? 'Required' : `At least ${String(issue.minimum)} characters`) : undefined;
    case 'too_big':
      return issue.origin === 'string' ? `At most ${String(issue.maximum)} characters` : undefined;
    default:
      return undefined;
  }
};

/** Calls an operation as a mutation of the app's query client: its declared `invalidates` refreshes what it made stale. */
export type RunOperation = <E extends Endpoint>(operation: OperationUtils<E>, input: EndpointInput<E>) => Promise<EndpointOutput<E>>;

export function useRunOperation(): RunOperation {
  const queryClient = useQueryClient();
  return useCallback<RunOperation>((operation, input) => new MutationObserver(queryClient, operation.mutationOptions()).mutate(input), [queryClient]);
}

export interface SaveProblem {
  title: string;
  lines: string[];
}

export interface UseLookupFormOptions<V extends FieldValues, O, R> {
  /** The schema the form validates with: the operation's body schema (or one built on it). */
  schema: z.ZodType<O, V>;
  defaultValues: DefaultValues<V>;
  /** The top-level fields of the form and their labels, for the service's field errors. */
  labels: Readonly<Record<keyof V & string, string>>;
  /** Saves through `run`, so the list and what shows the item refresh. */
  save: (output: O, run: RunOperation) => Promise<R>;
  onSaved: (saved: R) => void;
  onDirtyChange: (dirty: boolean) => void;
}

export interface LookupFormState<V extends FieldValues, O> {
  form: UseFormReturn<V, unknown, O>;
  /** The props of LookupFormLayout that follow the form's state. */
  layout: Pick<LookupFormLayoutProps, 'onSubmit' | 'problem' | 'onDismissProblem' | 'saving' | 'dirty'>;
}

export function useLookupForm<V extends FieldValues, O, R>({
  schema,
  defaultValues,
  labels,
  save,
  onSaved,
  onDirtyChange,
}: UseLookupFormOptions<V, O, R>): LookupFormState<V, O> {
  const describeError = useDescribeError();
  const run = useRunOperation();
  const form = useForm<V, unknown, O>({
    // The resolver's generic cannot follow a schema passed in; its output is the schema's.
    resolver: zodResolver(schema as never, { error: formIssueMessage }) as unknown as Resolver<V, unknown, O>,
    defaultValues,
    mode: 'onTouched',
  });
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const dirty = form.formState.isDirty;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const submit = form.handleSubmit(
    async (output) => {
      setProblem(null);
      try {
        const saved = await save(output, run);
        form.reset(form.getValues());
        onSaved(saved);
      } catch (error) {
        const mapped = applyServerErrors(form, error, { names: Object.keys(labels) as Path<V>[], message: sentence });
        if (mapped.handled) {
          const labelOf = (name: string) => labels[name.split('.')[0] as keyof V & string] ?? name;
          setProblem({ title: 'The service did not accept this', lines: [...mapped.fields.map((f) => `${labelOf(f.name)}: ${f.message}`), ...mapped.other] });
        } else {
          const described = describeError(error);
          setProblem({ title: 'Could not save', lines: [described.message] });
        }
      }
    },
    (errors) => {
      const count = Object.keys(errors).length;
      setProblem({ title: count === 1 ? 'One field needs attention' : `${count} fields need attention`, lines: [] });
    },
  );

  return {
    form,
    layout: { onSubmit: submit, problem, onDismissProblem: () => setProblem(null), saving: form.formState.isSubmitting, dirty },
  };
}

export interface LookupFormLayoutProps {
  /** The form's accessible name: "Edit event type Match", "New channel". */
  label: string;
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** Details above the fields (ids, usage). */
  intro?: ReactNode;
  children: ReactNode;
  problem: SaveProblem | null;
  onDismissProblem: () => void;
  isNew: boolean;
  saving: boolean;
  dirty: boolean;
  onCancel: () => void;
  /** Offered for an existing item. */
  onDelete?: () => void;
  singular: string;
}

/** Whether the key may change the section's items (LookupSection provides it from the section's `writes`). */
export const LookupWrites = createContext<Permission>({ allowed: true });

/** The form in the side panel: fields that scroll, a footer that stays (Ctrl+S saves). */
export function LookupFormLayout({ label, onSubmit, intro, children, problem, onDismissProblem, isNew, saving, dirty, onCancel, onDelete, singular }: LookupFormLayoutProps) {
  const writes = useContext(LookupWrites);
  return (
    <Box
      component="form"
      noValidate
      aria-label={label}
      onSubmit={onSubmit}
      onKeyDown={(event) => {
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
          event.preventDefault();
          if (writes.allowed) void onSubmit();
        }
      }}
      sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
    >
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: { xs: 2, sm: 3 }, py: 2, display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        <RoleNotice permission={writes}>The configuration is read only for this key.</RoleNotice>
        {intro}
        {children}
      </Box>
      <Box sx={{ borderTop: 1, borderColor: 'divider', px: { xs: 2, sm: 3 }, py: 1.5, bgcolor: 'background.paper' }}>
        {problem && (
          <Alert severity="error" onClose={onDismissProblem} sx={{ mb: 1.5 }}>
            <AlertTitle sx={{ mb: problem.lines.length > 0 ? 0.5 : 0 }}>{problem.title}</AlertTitle>
            {problem.lines.map((line) => (
              <Box key={line} sx={{ overflowWrap: 'anywhere' }}>
                {line}
              </Box>
            ))}
          </Alert>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          {onDelete && (
            <Button color="error" startIcon={<DeleteIcon />} onClick={onDelete} disabled={saving || !writes.allowed}>
              Delete
            </Button>
          )}
          <Box sx={{ flex: 1 }} />
          <Button onClick={onCancel} disabled={saving}>
            {dirty ? 'Cancel' : 'Close'}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={saving || (!isNew && !dirty) || !writes.allowed}
            startIcon={saving ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {isNew ? `Create ${singular}` : 'Save changes'}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
