/** Adding an MP4 file to an encoder playlist by its URL. */
import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';

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
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="mp4-title">
      <DialogTitle id="mp4-title">Add an MP4 file by URL</DialogTitle>
      <DialogContent>
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
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              submit();
            }
          }}
          error={Boolean(error)}
          helperText={error ?? hint}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit}>
          Add to the playlist
        </Button>
      </DialogActions>
    </Dialog>
  );
}
