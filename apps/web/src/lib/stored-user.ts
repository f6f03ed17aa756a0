import { storageKeys, userTypeByRole, type Role, type UserType } from '@app/shared';

/** The values spec section 3 says the browser stores; they drive menus and guards, not access. */
export interface StoredUser {
  userType: UserType | null;
  userEmail: string | null;
  firstName: string | null;
  lastName: string | null;
  churchId: string | null;
  userId: string | null;
}

export function readStoredUser(): StoredUser {
  const get = (k: string) => localStorage.getItem(k) || null;
  return {
    userType: get(storageKeys.userType) as UserType | null,
    userEmail: get(storageKeys.userEmail),
    firstName: get(storageKeys.firstName),
    lastName: get(storageKeys.lastName),
    churchId: get(storageKeys.churchId),
    userId: get(storageKeys.userId),
  };
}

export interface MeLike {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  churchId: string | null;
}

export function storeUser(me: MeLike) {
  localStorage.setItem(storageKeys.userType, userTypeByRole[me.role]);
  localStorage.setItem(storageKeys.userEmail, me.email);
  localStorage.setItem(storageKeys.firstName, me.firstName);
  localStorage.setItem(storageKeys.lastName, me.lastName);
  localStorage.setItem(storageKeys.userId, me.id);
  if (me.churchId) localStorage.setItem(storageKeys.churchId, me.churchId);
  else localStorage.removeItem(storageKeys.churchId);
  window.dispatchEvent(new Event('stored-user-changed'));
}

/** Logout clears local storage except the chosen language (spec section 2). */
export function clearStoredUserKeepLanguage() {
  const language = localStorage.getItem(storageKeys.language);
  localStorage.clear();
  if (language) localStorage.setItem(storageKeys.language, language);
  window.dispatchEvent(new Event('stored-user-changed'));
}
