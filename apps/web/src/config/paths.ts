/** Every route of spec section 2, in one place; screens link with these, never with literals. */
export const paths = {
  signIn: '/',
  signUp: '/signup',
  forgotPassword: '/forgot-password',
  privacyPolicy: '/privacy-policy',
  goLiveMobile: '/golive',
  joinLiveMobile: '/joinlive',
  sermonJoin: '/sermon/join/:broadcastId',
  // A church's standing join link and its room-screen view (docs/decisions/019).
  lobby: '/l/:code',
  projector: '/l/:code/projector',
  dashboard: '/dashboard',
  todaySermons: '/today-sermons',
  basicButton: '/basic/button',
  basicBadges: '/basic/badges',
  basicBreadcrumbPaging: '/basic/breadcrumb-paging',
  basicCollapse: '/basic/collapse',
  basicTabsPills: '/basic/tabs-pills',
  basicTypography: '/basic/typography',
  profile: '/profile',
  administrators: '/administrators',
  church: '/church',
  events: '/events',
  analytics: '/analytics',
  analyticsSermon: '/analytics/sermons/:id',
  // An ended sermon read, heard and found in the recording again (decision 037).
  listenAgain: '/sermons/:id/listen-again',
  followUps: '/follow-ups',
  userEvents: '/user/events',
  adminEvents: '/admin/events',
  goLive: '/real-time-sermon-translation',
  liveSermons: '/live-sermon-translator',
  join: '/join/:broadcastId',
  churches: '/churches',
  churchNew: '/churches/new',
  publicEvents: '/churches/:churchId/events',
  eventNew: '/events/new',
  eventDetail: '/events/:id',
  staffMembers: '/staff-members',
  users: '/users',
  userNew: '/users/new',
  // People import (decision 036).
  userImport: '/users/import',
  userDetail: '/users/:id',
  staffNew: '/staff-members/new',
  staffDetail: '/staff-members/:id',
  administratorNew: '/administrators/new',
  administratorDetail: '/administrators/:id',
  setPassword: '/set-password',
  requestDelete: '/request-delete',
  feedback: '/feedback',
  allFeedback: '/all-feedback',
  deletionRequests: '/deletion-requests',
  audit: '/audit',
  churchGlossary: '/church/glossary',
  starterGlossary: '/church/glossary/starter',
  translationFlags: '/church/translation-flags',
  messages: '/messages',
  conversation: '/messages/:id',
  messageReports: '/message-reports',
  // Platform administrators: the backups kept, Back up now, Download (decision 032).
  backups: '/backups',
} as const;

export type PathName = keyof typeof paths;

/** The glossary screens of Manage Church (decision 025), for a church or (starter) any church. */
export function glossaryHref(tab: 'church' | 'starter' | 'flags', churchId: string | null): string {
  const path = tab === 'church' ? paths.churchGlossary : tab === 'starter' ? paths.starterGlossary : paths.translationFlags;
  return churchId ? `${path}?churchId=${encodeURIComponent(churchId)}` : path;
}

export const href = {
  church: (churchId: string) => `/church?churchId=${encodeURIComponent(churchId)}`,
  publicEvents: (churchId: string) => `/churches/${encodeURIComponent(churchId)}/events`,
  event: (id: string) => `/events/${encodeURIComponent(id)}`,
  analyticsSermon: (id: string) => `/analytics/sermons/${encodeURIComponent(id)}`,
  followUp: (id: string) => `/follow-ups?open=${encodeURIComponent(id)}`,
  listenAgain: (id: string, lang?: string) => `/sermons/${encodeURIComponent(id)}/listen-again${lang ? `?lang=${encodeURIComponent(lang)}` : ''}`,
  conversation: (id: string) => `/messages/${encodeURIComponent(id)}`,
  user: (id: string) => `/users/${encodeURIComponent(id)}`,
  staffMember: (id: string) => `/staff-members/${encodeURIComponent(id)}`,
  administrator: (id: string) => `/administrators/${encodeURIComponent(id)}`,
  sermonJoin: (broadcastId: string, churchId?: string) =>
    `/sermon/join/${encodeURIComponent(broadcastId)}${churchId ? `?churchId=${encodeURIComponent(churchId)}` : ''}`,
  join: (broadcastId: string, churchId?: string) =>
    `/join/${encodeURIComponent(broadcastId)}${churchId ? `?churchId=${encodeURIComponent(churchId)}` : ''}`,
  liveSermons: (churchId: string) => `/live-sermon-translator?churchId=${encodeURIComponent(churchId)}`,
  joinLiveMobile: (churchId: string, userId: string) =>
    `/joinlive?churchId=${encodeURIComponent(churchId)}&userId=${encodeURIComponent(userId)}`,
  goLiveMobile: (churchId: string, userId: string) =>
    `/golive?churchId=${encodeURIComponent(churchId)}&userId=${encodeURIComponent(userId)}`,
};
