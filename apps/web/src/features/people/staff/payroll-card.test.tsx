import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { Payroll, StaffDetail } from '@app/shared';
import { jsonResponse, renderScreen } from '../../../test/render-screen';
import { stubFetchEachTest } from '../../../test/stub-fetch';
import { PayrollCard } from './payroll-card';

const masked: Payroll = { salary: '••••', payType: null, bankDetails: null, tfnAbn: '••••782', workVisaStatus: null, emergencyContact: null };
const clear: Payroll = { salary: '85000', payType: 'annual', bankDetails: null, tfnAbn: '123456782', workVisaStatus: null, emergencyContact: null };
const staff = { id: '6f1f4a52-3c1e-4a57-9d4e-2d7a1b7a0c11', payroll: masked, payrollMasked: true } as StaffDetail;

const screenWithCard = () => renderScreen([{ path: '/', element: <PayrollCard staff={staff} canReveal /> }], '/');

describe('revealing pay with two-step sign-in (decision 023)', () => {
  const fetchMock = stubFetchEachTest();

  it('asks for a code when the server needs a fresh one, and sends it with the reveal', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(403, { code: 'two_step_code_needed', status: 403 }))
      .mockResolvedValueOnce(jsonResponse(200, { ...staff, payroll: clear, payrollMasked: true }));
    await screenWithCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Reveal pay details' }));
    expect(await screen.findByText('Confirm it is you')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show pay details' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show pay details' }));
    expect(await screen.findByText('123456782')).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toEqual({ code: '123456' });
  });

  it('sends an administrator who must set up two-step sign-in to their profile', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { code: 'two_step_required', status: 403 }));
    await screenWithCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Reveal pay details' }));
    const link = await screen.findByRole('link', { name: 'Set up two-step sign-in' });
    expect(link.getAttribute('href')).toBe('/profile#two-step');
    expect(screen.getByText('Set up two-step sign-in on your profile to see pay details.')).toBeTruthy();
  });
});
