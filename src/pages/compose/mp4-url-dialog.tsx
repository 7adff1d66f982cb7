/** Adding an MP4 file to an encoder playlist by its URL. */
import { useRef, useState } from 'react';
import TextField from '@mui/material/TextField';
import { ActionDialog } from '#components/action-dialog.tsx';

export function Mp4Dialog({ open, onClose, onAdd }: { open: boolean; onClose: () => void; onAdd: (url: string) => void }) {
  const [url, setUrl] = useState('');
  const [touched, setTouched] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const trimmed = url.trim();
  const valid = /^https?:\/\/\S+$/i.test(trimmed);
  const error = touched && !valid ? 'Enter an http:// or https:// URL of an MP4 file.' : undefined;
  const hint = valid && !/\.mp4(\?|#|$)/i.test(trimmed) ? 'This URL does not end in .mp4: the encoder needs a full MP4 file.' : 'The encoder plays the whole file.';
  const submit = () => {
    setTouched(true);
    if (!valid) {
      inputRef.current?.focus();
      return;
    }
    onAdd(trimmed);
    setUrl('');
    setTouched(false);
    onClose();
  };
  return (
    <ActionDialog
      open={open}
      title="Add an MP4 file by URL"
      actionLabel="Add to the playlist"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      onClose={onClose}
    >
      <TextField
        inputRef={inputRef}
        autoFocus
        fullWidth
        margin="dense"
        label="MP4 URL"
        placeholder="https://media.example.com/programme.mp4"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        onBlur={() => setTouched(Boolean(url))}
        error={Boolean(error)}
        helperText={error ?? hint}
      />
    </ActionDialog>
  );
}
