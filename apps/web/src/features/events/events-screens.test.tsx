import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventSummary, PublicEventList } from '@app/shared';
import { jsonResponse, renderScreen } from '../../test/render-screen';
import { stubApiEachTest } from '../../test/stub-fetch';
import { toEventBody } from './components/event-form-values';
import { PublicEventsPage } from './public-events-page';
import { UserEventsPage } from './user-events-page';

const churchId = '0c1b2a39-4857-4c6d-9e0f-a1b2c3d4e5f6';
const church: PublicEventList['church'] = {
  id: churchId, name: 'Harbour City Church', address: '264 Pitt Street', suburb: 'Perth', state: 'Western Australia',
  timeZone: 'Australia/Perth', latitude: null, longitude: null, imageUrl: null,
};
// 11:00 UTC is 19:00 in Perth.
const picnic = { id: '7d2f3c1e-1111-4222-8333-444455556666', name: 'Harvest Picnic', description: 'Bring a plate.', location: 'Kings Park', startsAt: '2027-03-14T11:00:00.000Z', endsAt: null, coverImageUrl: null };
const summary: EventSummary = {
  ...picnic, churchId, churchName: church.name, timeZone: 'Australia/Perth', isPublic: true, status: 'active', imageCount: 0, createdAt: '2026-01-01T00:00:00.000Z',
};

describe('event form values', () => {
  it('turns 19:00 typed for a Perth church into 11:00 UTC', () => {
    const body = toEventBody({ name: 'A', description: 'B', churchId, startsAtLocal: '2027-03-14T19:00', endsAtLocal: '', location: '', isPublic: true }, 'Australia/Perth');
    expect(body).toMatchObject({ startsAt: '2027-03-14T11:00:00.000Z', endsAt: null, location: null });
  });
});

describe('events screens', { timeout: 20_000 }, () => {
  stubApiEachTest(() => ({
    [`GET /api/v1/churches/${churchId}/events/public`]: () => jsonResponse(200, { church, events: [{ ...picnic, imageUrls: [] }] }),
    'GET /api/v1/events?page=1&pageSize=50&sort=startsAt&status=active': () => jsonResponse(200, { items: [summary], total: 1, page: 1, pageSize: 50 }),
  }));

  beforeEach(() => {
    localStorage.setItem('churchId', churchId);
    localStorage.setItem('userType', '4');
  });

  it("shows the public page's events at the church's local time, with no calendar download", async () => {
    await renderScreen([{ path: '/churches/:churchId/events', element: <PublicEventsPage /> }], `/churches/${churchId}/events`);
    const card = await screen.findByRole('article', { name: 'Harvest Picnic' });
    expect(within(card).getByText(/7:00\s?PM/)).toBeTruthy();
    expect(within(card).getByText('(Perth time)')).toBeTruthy();
    expect(within(card).queryByRole('link', { name: /calendar/ })).toBeNull();
  });

  it("gives members their church's upcoming events with an add-to-calendar link", async () => {
    await renderScreen([{ path: '/user/events', element: <UserEventsPage /> }], '/user/events');
    const card = await screen.findByRole('article', { name: 'Harvest Picnic' });
    const link = within(card).getByRole('link', { name: 'Add Harvest Picnic to your calendar' });
    expect(link.getAttribute('href')).toBe(`/api/v1/events/${picnic.id}/calendar.ics`);
  });
});
