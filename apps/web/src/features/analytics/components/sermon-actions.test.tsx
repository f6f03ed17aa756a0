import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render-screen';
import { SermonActions } from './sermon-actions';

const sermon = { id: '11111111-1111-4111-8111-111111111111', hostName: 'Pat Pastor', title: 'Sunday Service', startedAt: '2026-11-22T23:30:00Z' };

describe('ending or deleting a sermon', () => {
  it('names the sermon by its service and day, then the preacher, on the button and in the confirmation', async () => {
    await renderScreen([{ path: '/x', element: <SermonActions sermon={{ ...sermon, status: 'ended' }} /> }], '/x');
    fireEvent.click(screen.getByRole('button', { name: /^Delete the sermon “Sunday Service · .+ · Pat Pastor”$/ }));
    expect((await screen.findByRole('dialog')).textContent).toMatch(/The sermon “Sunday Service · .+ · Pat Pastor”, its transcript/);
  });

  it('names an unscheduled live sermon by its preacher and day', async () => {
    await renderScreen([{ path: '/x', element: <SermonActions sermon={{ ...sermon, title: null, status: 'live' }} /> }], '/x');
    expect(screen.getByRole('button', { name: /^End the sermon “Pat Pastor · .+”$/ })).toBeTruthy();
  });
});
