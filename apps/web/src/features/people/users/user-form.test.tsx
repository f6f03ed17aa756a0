import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { emptyPerson } from '../components/person-form-values';
import { jsonResponse, renderScreen } from '../../../test/render-screen';
import { stubFetchEachTest } from '../../../test/stub-fetch';
import { UserForm, type UserFormValues } from './user-form';

const churchId = '6f1f4a52-3c1e-4a57-9d4e-2d7a1b7a0c11';
const ruth: UserFormValues = {
  ...emptyPerson(churchId), firstName: 'Ruth', lastName: 'Naomi', phone: '0412000001', suburb: 'Ryde', passwordMode: 'password', password: '',
};

async function formFor(initial: UserFormValues, withoutAccount: boolean) {
  const onSubmit = vi.fn(async (_body: unknown) => undefined);
  await renderScreen([{
    path: '/',
    element: <UserForm initial={initial} isNew={false} canChooseChurch={false} canSetRole={false} withoutAccount={withoutAccount} saving={false} error={null} saveLabel="Save" onSubmit={onSubmit} onCancel={() => undefined} />,
  }], '/');
  return onSubmit;
}

// Decision 036, "People without an email": the email is someone's sign-in.
describe('the edit form of a person without an email', () => {
  const fetchMock = stubFetchEachTest();

  it('saves with the email left empty and says what adding one gives', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, [{ id: churchId, name: 'Hillsong', suburb: 'Ryde' }]));
    const onSubmit = await formFor(ruth, true);
    expect(screen.getByText(/Add one to give them sign-in/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ email: '', firstName: 'Ruth' });
  });

  it('keeps the email required for a person with an account', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, [{ id: churchId, name: 'Hillsong', suburb: 'Ryde' }]));
    const onSubmit = await formFor(ruth, false);
    expect(screen.queryByText(/Add one to give them sign-in/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
