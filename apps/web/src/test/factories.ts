import type { Me } from '@app/shared';

/** A signed-in member of Harbour City Church with only the required details; override what a test looks at. */
export function buildMe(overrides: Partial<Me> = {}): Me {
  return {
    id: '3f1c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f',
    email: 'member@demo.church',
    firstName: 'Martha',
    lastName: 'Member',
    role: 'member',
    churchId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    churchName: 'Harbour City Church',
    phone: '0400000000',
    suburb: 'Sydney',
    address: null,
    dateOfBirth: null,
    gender: null,
    primaryLanguage: null,
    faithLevel: null,
    referralCode: 'ABC123',
    photoUrl: null,
    acceptedJesus: false,
    acceptedJesusAt: null,
    workEmail: null,
    linkedinUrl: null,
    ...overrides,
  };
}
