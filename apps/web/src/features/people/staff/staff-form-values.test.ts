import { describe, expect, it } from 'vitest';
import { createStaffBody, updateStaffBody } from '@app/shared';
import { emptyStaff, staffFormToBody } from './staff-form-values';

const CHURCH = '8b0f2f0e-7a55-4f8c-9a8e-0a1b2c3d4e5f';
const filled = { ...emptyStaff(CHURCH), firstName: 'Priya', lastName: 'Raman', email: 'p@example.com', phone: '0412345678', suburb: 'Strathfield', password: 'secret1' };

describe('staff form → API body', () => {
  it('sends pay typed on a new record, nested as the API expects, and passes the shared schema', () => {
    const body = staffFormToBody({ ...filled, salary: '58000', bsb: '062000', accountNumber: '44556677', tfnAbn: '123 456 782' }, true);
    expect(body).toMatchObject({ salary: '58000', payType: 'annual', bankDetails: { bsb: '062000', accountNumber: '44556677' }, tfnAbn: '123 456 782', password: 'secret1' });
    expect(createStaffBody.safeParse(body).success).toBe(true);
  });

  it('leaves pay on file alone when editing with the pay fields empty', () => {
    const body = staffFormToBody({ ...filled, jobTitle: 'Lead' }, false);
    for (const key of ['salary', 'bankDetails', 'tfnAbn', 'workVisaStatus', 'emergencyContact', 'password']) expect(body).not.toHaveProperty(key);
    expect(updateStaffBody.safeParse(body).success).toBe(true);
  });

  it('never sends the faith and referral fields a staff form does not show', () => {
    const body = staffFormToBody({ ...filled, faithLevel: 'strongfaith' }, false);
    expect(body).not.toHaveProperty('faithLevel');
    expect(body).not.toHaveProperty('acceptedJesus');
  });
});
