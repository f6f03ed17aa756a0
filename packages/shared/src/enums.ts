/** Enumerations of spec section 3, as stored and sent by the API. */
export const faithLevels = ['nofaith', 'uncertain', 'opentofaith', 'activelyexploring', 'strongfaith'] as const;
export type FaithLevel = (typeof faithLevels)[number];

export const referralSources = [
  'friend_family',
  'church_event',
  'social_media',
  'community_outreach',
  'online_search',
  'flyer_poster',
] as const;
export type ReferralSource = (typeof referralSources)[number];

export const genders = ['male', 'female', 'other'] as const;
export type Gender = (typeof genders)[number];

export const deletionReasons = [
  'no_longer_needed',
  'privacy_concerns',
  'switching_service',
  'too_many_notifications',
  'other',
] as const;
export type DeletionReason = (typeof deletionReasons)[number];

/** 'cancelled': withdrawn by the person while it was pending (a state added to those of spec section 4). */
export const deletionStatuses = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type DeletionStatus = (typeof deletionStatuses)[number];

export const feedbackTypes = ['GeneralFeedback', 'Complaint', 'Suggestion'] as const;
export type FeedbackType = (typeof feedbackTypes)[number];

export const audioQualities = ['Good', 'Average', 'Poor'] as const;
export type AudioQuality = (typeof audioQualities)[number];

export const employmentTypes = ['full-time', 'part-time', 'contractor'] as const;
export type EmploymentType = (typeof employmentTypes)[number];

export const workLocations = ['onsite', 'remote', 'hybrid'] as const;
export type WorkLocation = (typeof workLocations)[number];

export const eventStatuses = ['active', 'expired'] as const;
export type EventStatus = (typeof eventStatuses)[number];

export const sermonStatuses = ['live', 'paused', 'ended'] as const;
export type SermonStatus = (typeof sermonStatuses)[number];

export const listenerStatuses = ['active', 'inactive'] as const;
export type ListenerStatus = (typeof listenerStatuses)[number];

export const voiceGenders = ['male', 'female'] as const;
export type VoiceGender = (typeof voiceGenders)[number];

export const languageListKinds = ['go_live', 'join_live'] as const;
export type LanguageListKind = (typeof languageListKinds)[number];

/**
 * A person's account: 'invited' until they set their own password; 'disabled' cannot sign in;
 * 'no_account' has no email, so no sign-in (imported from a church's records, decision 036);
 * 'imported' has an email but was imported without an invitation: no password and no mail yet
 * (decision 052).
 */
export const accountStatuses = ['active', 'invited', 'disabled', 'no_account', 'imported'] as const;
export type AccountStatus = (typeof accountStatuses)[number];

/** A follow-up of a decision for Jesus moves forward only (decision 014). */
export const followUpStatuses = ['new', 'contacted', 'connected', 'closed'] as const;
export type FollowUpStatus = (typeof followUpStatuses)[number];

/** Dashboard date ranges of spec section 9; days and weeks follow the church's time zone. */
// '30d': the dashboard's first view (the last 30 days, shown without pressing "Apply filters").
export const dateRanges = ['24h', '30d', 'week', 'month', 'year', 'custom'] as const;
export type DateRange = (typeof dateRanges)[number];
