import { useSyncExternalStore } from 'react';
import { isUserType } from '@app/shared';
import { readStoredUser, type StoredUser } from '../../lib/stored-user';

function subscribe(onChange: () => void) {
  // Sign-in and logout in this tab announce themselves; other tabs show up as `storage` events.
  window.addEventListener('stored-user-changed', onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener('stored-user-changed', onChange);
    window.removeEventListener('storage', onChange);
  };
}

let last: { key: string; user: StoredUser } | undefined;

// useSyncExternalStore needs the same object back while nothing changed.
function snapshot(): StoredUser {
  const user = readStoredUser();
  const sanitised = { ...user, userType: isUserType(user.userType) ? user.userType : null };
  const key = JSON.stringify(sanitised);
  if (last?.key !== key) last = { key, user: sanitised };
  return last.user;
}

/** The values the browser stores (spec section 3), re-read whenever sign-in or logout changes them. */
export function useStoredUser(): StoredUser {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** "First Last", or the email when no name is stored. */
export function fullNameOf(user: StoredUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.userEmail || '';
}
