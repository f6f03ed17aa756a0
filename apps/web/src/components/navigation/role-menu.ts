import {
  IconBuildingChurch,
  IconCalendarEvent,
  IconHeadphones,
  IconIdBadge2,
  IconLayoutDashboard,
  IconMessageCircle,
  IconMessageReport,
  IconHistory,
  IconHeartHandshake,
  IconDatabaseExport,
  IconUserCancel,
  IconMicrophone,
  IconShieldCheck,
  IconShieldLock,
  IconUserCircle,
  IconUsers,
  IconUserX,
  type Icon,
} from '@tabler/icons-react';
import type { UserType } from '@app/shared';
import { paths } from '../../config/paths';

export type MenuItemId =
  | 'dashboard'
  | 'profile'
  | 'administrators'
  | 'staffMembers'
  | 'users'
  | 'churches'
  | 'church'
  | 'events'
  | 'userEvents'
  | 'goLive'
  | 'viewFeedback'
  | 'joinLive'
  | 'privacyPolicy'
  | 'deleteAccount'
  | 'feedback'
  | 'deletionRequests'
  | 'followUps'
  | 'audit'
  | 'backups';

export interface MenuItem {
  id: MenuItemId;
  /** Translation key of the label, `nav.*`: the spec's exact labels in English. */
  labelKey: `nav.${string}`;
  path: string;
  icon: Icon;
}

/** Every menu destination of spec section 2, "Menu items by role". */
export const menuItems: Record<MenuItemId, MenuItem> = {
  dashboard: { id: 'dashboard', labelKey: 'nav.dashboard', path: paths.dashboard, icon: IconLayoutDashboard },
  profile: { id: 'profile', labelKey: 'nav.manageProfile', path: paths.profile, icon: IconUserCircle },
  administrators: { id: 'administrators', labelKey: 'nav.manageAdministrators', path: paths.administrators, icon: IconShieldLock },
  staffMembers: { id: 'staffMembers', labelKey: 'nav.staffMembers', path: paths.staffMembers, icon: IconIdBadge2 },
  users: { id: 'users', labelKey: 'nav.users', path: paths.users, icon: IconUsers },
  churches: { id: 'churches', labelKey: 'nav.churches', path: paths.churches, icon: IconBuildingChurch },
  church: { id: 'church', labelKey: 'nav.manageChurch', path: paths.church, icon: IconBuildingChurch },
  events: { id: 'events', labelKey: 'nav.events', path: paths.events, icon: IconCalendarEvent },
  userEvents: { id: 'userEvents', labelKey: 'nav.events', path: paths.userEvents, icon: IconCalendarEvent },
  goLive: { id: 'goLive', labelKey: 'nav.goLive', path: paths.goLive, icon: IconMicrophone },
  viewFeedback: { id: 'viewFeedback', labelKey: 'nav.viewFeedback', path: paths.allFeedback, icon: IconMessageReport },
  joinLive: { id: 'joinLive', labelKey: 'nav.joinLiveSermons', path: paths.liveSermons, icon: IconHeadphones },
  privacyPolicy: { id: 'privacyPolicy', labelKey: 'nav.privacyPolicy', path: paths.privacyPolicy, icon: IconShieldCheck },
  deleteAccount: { id: 'deleteAccount', labelKey: 'nav.deleteMyAccount', path: paths.requestDelete, icon: IconUserX },
  feedback: { id: 'feedback', labelKey: 'nav.feedback', path: paths.feedback, icon: IconMessageCircle },
  // Reviewing deletion requests (spec section 6) and reading the audit log, for church and platform admins.
  deletionRequests: { id: 'deletionRequests', labelKey: 'nav.deletionRequests', path: paths.deletionRequests, icon: IconUserCancel },
  // Following up people who accepted Jesus (decision 014): the server lets admins and staff in.
  followUps: { id: 'followUps', labelKey: 'nav.followUps', path: paths.followUps, icon: IconHeartHandshake },
  audit: { id: 'audit', labelKey: 'nav.auditLog', path: paths.audit, icon: IconHistory },
  // Backups hold every church's data: the platform's own administrators only (decision 032).
  backups: { id: 'backups', labelKey: 'nav.backups', path: paths.backups, icon: IconDatabaseExport },
};

// The role's own items sit between the two every role has (Dashboard first, Manage Profile last).
const roleItems: Record<UserType, MenuItemId[]> = {
  '1': ['administrators', 'staffMembers', 'users', 'churches', 'events', 'followUps', 'viewFeedback', 'deletionRequests', 'audit', 'backups'],
  '2': ['church', 'staffMembers', 'users', 'events', 'goLive', 'followUps', 'viewFeedback', 'deletionRequests', 'audit'],
  '3': ['users', 'events', 'goLive', 'followUps'],
  '4': ['joinLive', 'userEvents', 'privacyPolicy', 'deleteAccount', 'feedback'],
};

/**
 * The menu for a stored userType. It follows the permission matrix but does not enforce it: the
 * server decides what data comes back. An unknown type gets only the items every role has.
 */
export function menuFor(userType: UserType | null): MenuItem[] {
  const own = userType ? roleItems[userType] : [];
  return ['dashboard' as const, ...own, 'profile' as const].map((id) => menuItems[id]);
}
