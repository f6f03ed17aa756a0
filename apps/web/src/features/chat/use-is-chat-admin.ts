import { roleByUserType } from '@app/shared';
import { useStoredUser } from '../../components/navigation/use-stored-user';

/**
 * Church and platform administrators: they create groups, add people to them and see reported
 * messages (decision record 021). Only shapes the screen; the server decides.
 */
export function useIsChatAdmin(): boolean {
  const { userType } = useStoredUser();
  const role = userType ? roleByUserType[userType] : null;
  return role === 'church_admin' || role === 'platform_admin';
}
