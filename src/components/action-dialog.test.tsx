import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
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
