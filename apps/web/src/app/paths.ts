/** Every route of spec section 2, in one place; screens link with these, never with literals. */
export const paths = {
  signIn: '/',
  signUp: '/signup',
  forgotPassword: '/forgot-password',
  privacyPolicy: '/privacy-policy',
  goLiveMobile: '/golive',
  joinLiveMobile: '/joinlive',
  sermonJoin: '/sermon/join/:broadcastId',
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
  userEvents: '/user/events',
  adminEvents: '/admin/events',
  goLive: '/real-time-sermon-translation',
  liveSermons: '/live-sermon-translator',
  join: '/join/:broadcastId',
  churches: '/churches',
  staffMembers: '/staff-members',
  users: '/users',
  requestDelete: '/request-delete',
  feedback: '/feedback',
  allFeedback: '/all-feedback',
} as const;

export type PathName = keyof typeof paths;

export const href = {
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
