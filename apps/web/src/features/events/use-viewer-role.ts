import { roleByUserType, type Role } from '@app/shared';
import { useStoredUser } from '../../components/navigation/use-stored-user';

/** The stored role and church (spec section 3): they shape the screen; the server decides. */
export function useViewerRole(): { role: Role | null; churchId: string | null } {
  const user = useStoredUser();
  return { role: user.userType ? roleByUserType[user.userType] : null, churchId: user.churchId };
}
