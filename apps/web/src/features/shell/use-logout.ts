import { useCallback } from 'react';
import { useMantineColorScheme } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api-client';
import { clearStoredUserKeepLanguage } from '../../lib/stored-user';
import { paths } from '../../config/paths';

/**
 * Logout (spec section 2): end the server session, clear local storage except the chosen language,
 * forget cached data, and go to the sign-in page (`/`; there is no /login route).
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { clearColorScheme } = useMantineColorScheme();
  return useCallback(async () => {
    try {
      await api<void>('/auth/logout', { method: 'POST' });
    } catch {
      // A failed or offline logout still signs the person out of this browser.
    }
    clearStoredUserKeepLanguage();
    // Only the language may survive; the theme goes back to light with the rest.
    clearColorScheme();
    queryClient.clear();
    await navigate(paths.signIn, { replace: true });
  }, [navigate, queryClient, clearColorScheme]);
}
