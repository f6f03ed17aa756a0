import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { storeUser } from '../../lib/stored-user';
import { jsonResponse, renderScreen } from '../../test/render-screen';
import { stubApiEachTest } from '../../test/stub-fetch';
import { AcceptJesusButton } from './accept-jesus-button';

const CHURCH = '11111111-1111-4111-8111-111111111111';
const me = (acceptedJesus: boolean) => ({ id: 'u1', acceptedJesus, acceptedJesusAt: acceptedJesus ? '2026-11-20T01:00:00.000Z' : null });
const render = () => renderScreen([{ path: '/join/x', element: <AcceptJesusButton sermonId="22222222-2222-4222-8222-222222222222" language="pt" /> }], '/join/x');

describe('the listener’s "I accept Jesus"', () => {
  const { handlers } = stubApiEachTest(() => ({ 'GET /api/v1/me': () => jsonResponse(200, me(true)) }));

  it('is not offered again to a member who already recorded a decision', async () => {
    storeUser({ id: 'u1', email: 'member@demo.church', firstName: 'Ana', lastName: 'Lima', role: 'member', churchId: CHURCH });
    await render();
    expect(await screen.findByText('Decision recorded')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'I accept Jesus' })).toBeNull();
  });

  it('is offered to a member who has not decided', async () => {
    handlers['GET /api/v1/me'] = () => jsonResponse(200, me(false));
    storeUser({ id: 'u1', email: 'member@demo.church', firstName: 'Ana', lastName: 'Lima', role: 'member', churchId: CHURCH });
    await render();
    expect(await screen.findByRole('button', { name: 'I accept Jesus' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Decision recorded')).toBeNull());
  });
});
