import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { dialogs } from './dialogs';
import { UiOverlays } from './ui-overlays';

afterEach(cleanup);

// The hosts load on the first toast or dialog (decision 029): what matters is that neither is lost.
describe('toast and dialog hosts loaded on first use', () => {
  it('shows a toast sent before its host had loaded, and a dialog asked for straight after the page appeared', async () => {
    render(
      <MantineProvider>
        <UiOverlays>
          <button type="button" onClick={() => dialogs.confirm({ title: 'Remove Maria?', labels: { confirm: 'Remove', cancel: 'Keep' } })}>
            remove
          </button>
        </UiOverlays>
      </MantineProvider>,
    );
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();

    notifications.show({ message: 'Saved' });
    expect(await screen.findByText('Saved')).toBeTruthy();
    // Its close button is named, so a screen reader says what it does.
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'remove' }));
    expect(await screen.findByRole('dialog', { name: 'Remove Maria?' })).toBeTruthy();
  });
});
