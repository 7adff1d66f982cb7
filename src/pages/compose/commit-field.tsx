import { useState, type ReactNode } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type CommitFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'defaultValue' | 'error'> & {
  value: string;
  /** Called once per edit: on blur or Enter, when the text changed. */
  onCommit: (text: string) => void;
  /** A message about the text being typed (shown live), or undefined when it reads. */
  check?: (text: string) => string | undefined;
  /** A message about the committed value (from validation or the service). */
  error?: string;
  helperText?: ReactNode;
};

/**
 * A text field that edits a draft and commits it on blur or Enter (Esc puts the value back), so
 * each change the operator makes is one step of undo rather than one per keystroke.
 */
export function CommitField({ value, onCommit, check, error, helperText, onKeyDown, onBlur, ...props }: CommitFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? value;
  const live = draft !== null ? check?.(draft) : undefined;
  const message = live ?? (draft === null ? error : undefined);
  const commit = () => {
    if (draft !== null && draft !== value) onCommit(draft);
    setDraft(null);
  };
  return (
    <TextField
      {...props}
      value={shown}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={(e) => {
        commit();
        onBlur?.(e);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && !props.multiline) {
          e.preventDefault();
          commit();
        } else if (e.key === 'Escape' && draft !== null) {
          e.preventDefault();
          e.stopPropagation();
          setDraft(null);
        }
        onKeyDown?.(e);
      }}
      error={Boolean(message)}
      helperText={message ?? helperText}
    />
  );
}
