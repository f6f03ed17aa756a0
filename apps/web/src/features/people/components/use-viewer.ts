import { roleByUserType, type Role } from '@app/shared';
import { useStoredUser } from '../../../components/navigation/use-stored-user';

/**
 * Who is looking, from the stored values (spec section 3). It only shapes the screen — which buttons
 * show — while the server decides what is allowed.
 */
export function useViewer(): { role: Role | null; churchId: string | null; userId: string | null } {
  const user = useStoredUser();
  return { role: user.userType ? roleByUserType[user.userType] : null, churchId: user.churchId, userId: user.userId };
}
