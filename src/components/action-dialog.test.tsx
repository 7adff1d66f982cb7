import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import TextField from '@mui/material/TextField';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '#app/theme.ts';
import { ApiError, createApiClient } from '#client';
import { renderWithApp } from '#app/test-utils.tsx';
import { ActionDialog, type ActionDialogProps, type DialogMutation } from './action-dialog.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

afterEach(cleanup);

function renderDialog(props: Partial<ActionDialogProps> = {}) {
  const onClose = vi.fn();
  const onAction = vi.fn();
  render(
    <ThemeProvider theme={theme}>
      <ActionDialog title="Copy the playlist" actionLabel="Copy" onAction={onAction} onClose={onClose} {...props}>
        <TextField label="Target" autoFocus />
      </ActionDialog>
    </ThemeProvider>,
  );
  return { onClose, onAction };
}

function NameForm({ onSave }: { onSave: (name: string) => void }) {
  const form = useForm({ defaultValues: { name: '' } });
  return (
    <ActionDialog title="Add a flow" actionLabel="Add flow" onSubmit={(e) => void form.handleSubmit((v) => onSave(v.name))(e)} onClose={() => {}}>
      <TextField label="Name" autoFocus {...form.register('name')} />
    </ActionDialog>
  );
}

describe('ActionDialog', () => {
  it('is named by its title, puts Cancel before the action and the focus on the first field', async () => {
    const { onAction, onClose } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Copy the playlist' });
    const buttons = Array.from(dialog.querySelectorAll('button')).map((b) => b.textContent);
    expect(buttons).toEqual(['Cancel', 'Copy']);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Target')));
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('refuses to close while busy and shows the spinner on a disabled action', async () => {
    const { onClose, onAction } = renderDialog({ busy: true });
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    const action = screen.getByRole('button', { name: 'Copy' });
    expect((action as HTMLButtonElement).disabled).toBe(true);
    expect(action.querySelector('.MuiCircularProgress-root')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect(onAction).not.toHaveBeenCalled();
  });

  it('keeps the action disabled while it cannot run, without a spinner', async () => {
    renderDialog({ disabled: true });
    const action = await screen.findByRole('button', { name: 'Copy' });
    expect((action as HTMLButtonElement).disabled).toBe(true);
    expect(action.querySelector('.MuiCircularProgress-root')).toBeNull();
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the error of the last attempt as an alert', async () => {
    renderDialog({ error: 'The service is not reachable.', errorTitle: 'Could not copy' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not copy');
    expect(alert.textContent).toContain('The service is not reachable.');
  });

  it('submits a form dialog on Enter in a field', async () => {
    const onSave = vi.fn();
    render(
      <ThemeProvider theme={theme}>
        <NameForm onSave={onSave} />
      </ThemeProvider>,
    );
    const field = await screen.findByLabelText('Name');
    await userEvent.type(field, 'Catch-up{Enter}');
    await waitFor(() => expect(onSave).toHaveBeenCalledWith('Catch-up'));
    expect(screen.getByRole('button', { name: 'Add flow' }).getAttribute('type')).toBe('submit');
  });

  it('alone, its button closes (Close)', async () => {
    const onClose = vi.fn();
    render(
      <ThemeProvider theme={theme}>
        <ActionDialog title="Result" onClose={onClose}>
          Done.
        </ActionDialog>
      </ThemeProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('ConfirmDialog on the shell', () => {
  it('is described by its message and gives Cancel the focus when destructive', async () => {
    render(
      <ThemeProvider theme={theme}>
        <ConfirmDialog open title="Stop the event?" confirmLabel="Stop the event" destructive onConfirm={() => {}} onClose={() => {}}>
          The live stream ends for everyone.
        </ConfirmDialog>
      </ThemeProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Stop the event?' });
    const described = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('The live stream ends for everyone.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' })));
  });

  it('gives the action the focus when not destructive', async () => {
    render(
      <ThemeProvider theme={theme}>
        <ConfirmDialog open title="Publish?" confirmLabel="Publish" onConfirm={() => {}} onClose={() => {}}>
          Viewers see it.
        </ConfirmDialog>
      </ThemeProvider>,
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Publish' })));
  });
});

describe('ActionDialog running a mutation', () => {
  // Under the app's providers: the error is worded with the connection's address.
  function renderWithMutation(mutation: DialogMutation) {
    const onClose = vi.fn();
    const client = createApiClient({ baseUrl: 'http://service.test/api', fetch: () => Promise.reject(new Error('no traffic in this test')) });
    renderWithApp(
      <ConfirmDialog open title="Delete the capture?" confirmLabel="Delete capture" destructive mutation={mutation} onConfirm={() => {}} onClose={onClose}>
        Its segments go too.
      </ConfirmDialog>,
      { client },
    );
    return { onClose };
  }

  it('shows its progress and stays open while it runs', async () => {
    const reset = vi.fn();
    const { onClose } = renderWithMutation({ isPending: true, error: null, reset });
    await screen.findByRole('dialog', { name: 'Delete the capture?' });
    expect((screen.getByRole('button', { name: 'Delete capture' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(reset).not.toHaveBeenCalled();
  });

  it('words its error for the operator, and closing clears it for the next opening', async () => {
    const reset = vi.fn();
    const { onClose } = renderWithMutation({ isPending: false, error: new ApiError(0, undefined, 'deleteCapture'), reset });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Cannot reach http://service.test/api');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(reset).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('ActionDialog, one request per action', () => {
  /** A confirmation whose action sends a request and says it runs only once the request went (as a caller's state does). */
  function Sending({ send }: { send: () => void }) {
    const [busy, setBusy] = useState(false);
    const onConfirm = () => {
      send();
      setTimeout(() => setBusy(true), 20);
    };
    return (
      <ThemeProvider theme={theme}>
        <ConfirmDialog open title="Delete the download?" confirmLabel="Delete the download" destructive busy={busy} onConfirm={onConfirm} onClose={() => {}}>
          Its link stops working.
        </ConfirmDialog>
      </ThemeProvider>
    );
  }

  it('sends once on a double-click, and the button is disabled from the first click', async () => {
    const send = vi.fn();
    render(<Sending send={send} />);
    const confirm = await screen.findByRole('button', { name: 'Delete the download' });
    // The two clicks of a double-click, the second before the caller's state says it runs.
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(confirm.getAttribute('aria-disabled')).toBe('true');
    expect(confirm.querySelector('.MuiCircularProgress-root')).toBeTruthy();
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(true));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('submits a form once on a double-click of its button', async () => {
    const onSave = vi.fn();
    render(
      <ThemeProvider theme={theme}>
        <NameForm onSave={onSave} />
      </ThemeProvider>,
    );
    await userEvent.type(await screen.findByLabelText('Name'), 'Catch-up');
    const add = screen.getByRole('button', { name: 'Add flow' });
    fireEvent.click(add);
    fireEvent.click(add);
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it('takes a click again once the action ended (it failed, say), or when it never started', async () => {
    const onAction = vi.fn();
    function Retrying() {
      const [busy, setBusy] = useState(false);
      return (
        <ThemeProvider theme={theme}>
          <ActionDialog title="Copy the playlist" actionLabel="Copy" busy={busy} onAction={() => { onAction(); setBusy(true); setTimeout(() => setBusy(false), 20); }} onClose={() => {}}>
            Copies it.
          </ActionDialog>
        </ThemeProvider>
      );
    }
    render(<Retrying />);
    const copy = await screen.findByRole('button', { name: 'Copy' });
    await userEvent.click(copy);
    await waitFor(() => expect((copy as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(copy);
    expect(onAction).toHaveBeenCalledTimes(2);
  });
});

describe('ActionDialog, a changed form', () => {
  function renderForm() {
    const onClose = vi.fn();
    function Form() {
      const form = useForm({ defaultValues: { name: '' } });
      return (
        <ActionDialog title="Add a flow" actionLabel="Add flow" onSubmit={(e) => void form.handleSubmit(() => {})(e)} onClose={onClose}>
          <TextField label="Name" autoFocus {...form.register('name')} />
        </ActionDialog>
      );
    }
    render(
      <ThemeProvider theme={theme}>
        <Form />
      </ThemeProvider>,
    );
    return { onClose };
  }

  it('closes on Escape while nothing was entered', async () => {
    const { onClose } = renderForm();
    await screen.findByLabelText('Name');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before Escape or a click outside throws the input away, and keeps it on "Keep editing"', async () => {
    const { onClose } = renderForm();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Half a name');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard the changes?' });
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard the changes?' })).toBeNull());
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Half a name');
    expect(ask.isConnected).toBe(false);

    // A click outside (on the backdrop) asks too; Discard closes.
    await user.click(document.querySelector('.MuiBackdrop-root')!);
    await screen.findByRole('dialog', { name: 'Discard the changes?' });
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Cancel without asking: the operator chose to', async () => {
    const { onClose } = renderForm();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Half a name');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Discard the changes?' })).toBeNull();
  });
});
