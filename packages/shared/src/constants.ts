/** Business constants and limits of spec section 9, written once for server and web. */
export const RESET_CODE_LENGTH = 4;
export const RESET_CODE_TTL_MINUTES = 15;
export const RESET_CODE_MAX_ATTEMPTS = 5;
export const PASSWORD_MIN = 6;
/** Longest password and email address accepted (an email address cannot be longer, RFC 5321). */
export const PASSWORD_MAX = 200;
export const EMAIL_MAX = 254;
export const NAME_MIN = 3;
export const PHONE_DIGITS = 10;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const MIN_AGE = 13;
export const ADULT_AGE = 18;
export const DELETION_DAYS = 30;
/** An unreviewed deletion request is raised to the platform admins after this many days (decision 017). */
export const DELETION_ESCALATE_DAYS = 14;
export const FEEDBACK_COMMENT_MAX = 2000;
export const DEFAULT_WEEKLY_STREAM_LIMIT_MINUTES = 120;
export const DEFAULT_CHURCH_TIME_ZONE = 'Australia/Sydney';
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
/** Warn the speaker this many minutes before the weekly limit ends the sermon. */
export const STREAM_LIMIT_WARNING_MINUTES = 5;
/** A listener that comes back within this window misses no caption. */
export const LISTENER_RECOVERY_MS = 2 * 60_000;
/**
 * How a live page's socket tries again after its connection drops (socket.io-client's options; the
 * live benchmark's simulated listeners wait the same). The first attempt comes 0–1 s after the drop,
 * spread so that the listeners of a process that died do not all arrive on the others in the same
 * instant, then about 1, 2, 4 s later, at most 5 s apart (decision 028).
 */
export const LIVE_RECONNECTION = { reconnectionDelay: 500, randomizationFactor: 1, reconnectionDelayMax: 5000 } as const;
/** A speaker that drops has this long to come back before the sermon ends on its own. */
export const SPEAKER_GRACE_MS = 5 * 60_000;

export const dashboardRanges = ['24h', 'week', 'month', 'year', 'custom'] as const;
export type DashboardRange = (typeof dashboardRanges)[number];

/** Layout constants of spec section 9. */
export const LAYOUT_DRAWER_BREAKPOINT_PX = 992;
export const LAYOUT_HEADER_HIDE_MAX_PX = 575;

/** Keys the browser stores (spec section 3). */
export const storageKeys = {
  userType: 'userType',
  userEmail: 'userEmail',
  firstName: 'firstName',
  lastName: 'lastName',
  churchId: 'churchId',
  userId: 'userId',
  language: 'i18nextLng',
  theme: 'theme',
} as const;
