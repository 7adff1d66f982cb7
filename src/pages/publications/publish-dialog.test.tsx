// @vitest-environment node
// The in-process service needs Node's module transform; test-dom.ts supplies the DOM (see there).
import '#app/test-dom.ts';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endpoints, EventState } from '#schema';
import { renderWithApp } from '#app/test-utils.tsx';
import { servicePerFile } from '#testing/page-service.ts';
import { createTestClient } from '#testing/client.ts';
import { activeDestination } from '#testing/syndication.ts';
import { insertEvent } from '#testing/event-row.ts';
import { PublishDialog } from './publish-dialog.tsx';

const fixture = servicePerFile({
  now: new Date(),
  seed: async (t, service) => {
    await activeDestination(t, service, 'VideoSite', 'Main channel');
    return {};
  },
});

async function openDialog(title: string) {
  const id = await insertEvent(fixture.t, { state: EventState.values.LIVE_PUBLISHED, title });
  const event = await fixture.service.call(endpoints.event.get, { params: { id } });
  const onClose = vi.fn();
  renderWithApp(<PublishDialog event={event!} kind="live" onClose={onClose} />, { client: createTestClient(fixture.t) });
  const dialog = await screen.findByRole('dialog', { name: 'Add live publications' });
  await userEvent.setup().click(await within(dialog).findByRole('checkbox', { name: /Main channel/ }));
  return { dialog, onClose };
}

/** The tenant's live publications (the list names no event: each test counts what it added). */
const livePublications = () => fixture.service.call(endpoints.livePublication.list, { query: { pageSize: 1000 } });

describe('adding live publications', () => {
  it('creates one per chosen destination with the title it starts from, says so and closes', async () => {
    const user = userEvent.setup();
    const before = (await livePublications()).length;
    const { dialog, onClose } = await openDialog('Cup final');
    const part = within(dialog).getByRole('group', { name: /Main channel/ });
    expect((within(part).getByRole('textbox', { name: /Title/ }) as HTMLInputElement).value).toBe('Cup final');
    await user.click(within(dialog).getByRole('button', { name: 'Create 1 live publication' }));
    expect(await screen.findByText('1 live publication created')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
    const after = await livePublications();
    expect(after).toHaveLength(before + 1);
    expect(after.filter((p) => p.destinationName === 'Main channel')).toHaveLength(before + 1);
  });

  it('shows the service’s refusal beside the field, focused, keeps the input, and clears it once corrected', async () => {
    const user = userEvent.setup();
    const before = (await livePublications()).length;
    const { dialog, onClose } = await openDialog('Semi final');
    const part = within(dialog).getByRole('group', { name: /Main channel/ });
    const callbacks = within(part).getByRole('textbox', { name: 'Callback URLs' });
    // The form's own checks take it (a URL); the service refuses its host (link-local).
    await user.type(callbacks, 'http://169.254.169.254/latest');
    await user.click(within(dialog).getByRole('button', { name: 'Create 1 live publication' }));

    await waitFor(() => expect(callbacks.getAttribute('aria-invalid')).toBe('true'));
    const helper = document.getElementById(callbacks.getAttribute('aria-describedby')!.split(' ')[0]!)!;
    expect(helper.textContent).not.toMatch(/One URL per line/);
    expect(document.activeElement).toBe(callbacks);
    expect((callbacks as HTMLTextAreaElement).value).toBe('http://169.254.169.254/latest');
    expect((within(part).getByRole('textbox', { name: /Title/ }) as HTMLInputElement).value).toBe('Semi final');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(await livePublications()).toHaveLength(before);

    await user.clear(callbacks);
    await waitFor(() => expect(callbacks.getAttribute('aria-invalid')).toBe('false'));
  });
});
