import { matchPath } from 'react-router';
import { menuItems, type MenuItemId } from '../../components/navigation/role-menu';
import { paths } from '../../config/paths';

export interface Crumb {
  labelKey: string;
  path?: string;
}

export interface RouteTitle {
  /** Translation key of the breadcrumb bar's title. */
  titleKey: string;
  /** The menu item this screen belongs to, so the menu can show it as open. */
  menuId?: MenuItemId;
  /** Crumbs between Dashboard and the title. */
  trail?: Crumb[];
}

const uiKit: Crumb = { labelKey: 'basic.kitTitle', path: paths.basicButton };
const item = (id: MenuItemId): RouteTitle => ({ titleKey: menuItems[id].labelKey, menuId: id });

/**
 * The breadcrumb bar's title for every signed-in route of spec section 2 ("titled with the current
 * menu item"); screens outside the menu name themselves.
 */
export const routeTitles: ReadonlyArray<readonly [pattern: string, title: RouteTitle]> = [
  [paths.dashboard, item('dashboard')],
  [paths.todaySermons, item('dashboard')],
  [paths.profile, item('profile')],
  [paths.administrators, item('administrators')],
  [paths.administratorNew, { titleKey: 'people.administrators.addTitle', menuId: 'administrators', trail: [{ labelKey: 'nav.manageAdministrators', path: paths.administrators }] }],
  [paths.administratorDetail, { titleKey: 'people.administrators.detailTitle', menuId: 'administrators', trail: [{ labelKey: 'nav.manageAdministrators', path: paths.administrators }] }],
  [paths.staffMembers, item('staffMembers')],
  [paths.staffNew, { titleKey: 'people.staff.addTitle', menuId: 'staffMembers', trail: [{ labelKey: 'nav.staffMembers', path: paths.staffMembers }] }],
  [paths.staffDetail, { titleKey: 'people.staff.detailTitle', menuId: 'staffMembers', trail: [{ labelKey: 'nav.staffMembers', path: paths.staffMembers }] }],
  [paths.users, item('users')],
  [paths.userImport, { titleKey: 'peopleImport.title', menuId: 'users', trail: [{ labelKey: 'nav.users', path: paths.users }] }],
  [paths.userNew, { titleKey: 'people.users.addTitle', menuId: 'users', trail: [{ labelKey: 'nav.users', path: paths.users }] }],
  [paths.userDetail, { titleKey: 'people.users.detailTitle', menuId: 'users', trail: [{ labelKey: 'nav.users', path: paths.users }] }],
  [paths.churches, item('churches')],
  [paths.churchNew, { titleKey: 'churches.addTitle', menuId: 'churches', trail: [{ labelKey: 'nav.churches', path: paths.churches }] }],
  [paths.publicEvents, { titleKey: 'events.publicPage.title' }],
  [paths.church, item('church')],
  [paths.churchGlossary, { titleKey: 'glossary.title', menuId: 'church', trail: [{ labelKey: 'nav.manageChurch', path: paths.church }] }],
  [paths.starterGlossary, { titleKey: 'glossary.tabs.starter', menuId: 'church', trail: [{ labelKey: 'nav.manageChurch', path: paths.church }] }],
  [paths.translationFlags, { titleKey: 'glossary.tabs.flags', menuId: 'church', trail: [{ labelKey: 'nav.manageChurch', path: paths.church }] }],
  [paths.events, item('events')],
  [paths.eventNew, { titleKey: 'events.addTitle', menuId: 'events', trail: [{ labelKey: 'nav.events', path: paths.events }] }],
  [paths.eventDetail, { titleKey: 'events.detailTitle', menuId: 'events', trail: [{ labelKey: 'nav.events', path: paths.events }] }],
  [paths.adminEvents, item('events')],
  [paths.userEvents, item('userEvents')],
  [paths.goLive, item('goLive')],
  [paths.allFeedback, item('viewFeedback')],
  [paths.liveSermons, item('joinLive')],
  [paths.join, { titleKey: 'shell.titles.liveSermon', menuId: 'joinLive', trail: [{ labelKey: 'nav.joinLiveSermons', path: paths.liveSermons }] }],
  [paths.privacyPolicy, item('privacyPolicy')],
  [paths.analyticsSermon, { titleKey: 'analytics.sermon.title', menuId: 'dashboard', trail: [{ labelKey: 'shell.titles.analytics', path: paths.analytics }] }],
  [paths.followUps, item('followUps')],
  [paths.listenAgain, { titleKey: 'listenAgain.title', menuId: 'joinLive', trail: [{ labelKey: 'nav.joinLiveSermons', path: paths.liveSermons }] }],
  [paths.requestDelete, item('deleteAccount')],
  [paths.feedback, item('feedback')],
  [paths.deletionRequests, item('deletionRequests')],
  [paths.audit, item('audit')],
  [paths.backups, item('backups')],
  [paths.messages, { titleKey: 'chat.title' }],
  [paths.conversation, { titleKey: 'chat.title' }],
  [paths.messageReports, { titleKey: 'chat.reports.title', trail: [{ labelKey: 'chat.title', path: paths.messages }] }],
  [paths.analytics, { titleKey: 'shell.titles.analytics' }],
  [paths.basicButton, { titleKey: 'basic.button.title', trail: [uiKit] }],
  [paths.basicBadges, { titleKey: 'basic.badges.title', trail: [uiKit] }],
  [paths.basicBreadcrumbPaging, { titleKey: 'basic.breadcrumbPaging.title', trail: [uiKit] }],
  [paths.basicCollapse, { titleKey: 'basic.collapse.title', trail: [uiKit] }],
  [paths.basicTabsPills, { titleKey: 'basic.tabsPills.title', trail: [uiKit] }],
  [paths.basicTypography, { titleKey: 'basic.typography.title', trail: [uiKit] }],
];

const fallback: RouteTitle = { titleKey: 'nav.dashboard' };

export function routeTitleFor(pathname: string): RouteTitle {
  return routeTitles.find(([pattern]) => matchPath(pattern, pathname))?.[1] ?? fallback;
}
