import { useStoredUser } from '../../components/navigation/use-stored-user';
import { AdminLayout } from './admin-layout';
import { PublicLayout } from './public-layout';

/**
 * `/privacy-policy` is both public and a member's menu item (spec section 2): inside the shell for
 * a signed-in person, on its own for everyone else.
 */
export function PrivacyLayout() {
  const user = useStoredUser();
  return user.userEmail ? <AdminLayout /> : <PublicLayout />;
}
