import { beforeEach, describe, expect, it } from 'vitest';
import { clearStoredUserKeepLanguage, readStoredUser, storeUser } from './stored-user';

describe('stored user', () => {
  beforeEach(() => localStorage.clear());

  it('stores the values spec section 3 names, with userType from the role', () => {
    storeUser({ id: 'u1', email: 'a@b.co', firstName: 'Ana', lastName: 'Lima', role: 'staff', churchId: 'c1' });
    expect(readStoredUser()).toEqual({ userType: '3', userEmail: 'a@b.co', firstName: 'Ana', lastName: 'Lima', churchId: 'c1', userId: 'u1' });
  });

  it('keeps only the chosen language on logout', () => {
    localStorage.setItem('i18nextLng', 'pt');
    storeUser({ id: 'u1', email: 'a@b.co', firstName: 'Ana', lastName: 'Lima', role: 'member', churchId: null });
    clearStoredUserKeepLanguage();
    expect(Object.keys(localStorage)).toEqual(['i18nextLng']);
    expect(localStorage.getItem('i18nextLng')).toBe('pt');
  });
});
