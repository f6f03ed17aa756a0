import { pgEnum, timestamp } from 'drizzle-orm/pg-core';
import { accountStatuses, audioQualities, deletionReasons, deletionStatuses, employmentTypes, faithLevels, feedbackTypes, followUpStatuses, genders, languageListKinds, listenerStatuses, primaryLanguages, referralSources, roles, sermonStatuses, workLocations } from '@app/shared';

// What every schema file shares: the enums and the created/updated columns.

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum('role', roles);
export const genderEnum = pgEnum('gender', genders);
export const faithLevelEnum = pgEnum('faith_level', faithLevels);
export const referralSourceEnum = pgEnum('referral_source', referralSources);
export const primaryLanguageEnum = pgEnum('primary_language', primaryLanguages);
export const employmentTypeEnum = pgEnum('employment_type', employmentTypes);
export const workLocationEnum = pgEnum('work_location', workLocations);
export const languageListEnum = pgEnum('language_list', languageListKinds);
export const sermonStatusEnum = pgEnum('sermon_status', sermonStatuses);
export const listenerStatusEnum = pgEnum('listener_status', listenerStatuses);
export const deletionReasonEnum = pgEnum('deletion_reason', deletionReasons);
export const deletionStatusEnum = pgEnum('deletion_status', deletionStatuses);
export const feedbackTypeEnum = pgEnum('feedback_type', feedbackTypes);
export const audioQualityEnum = pgEnum('audio_quality', audioQualities);
export const accountStatusEnum = pgEnum('account_status', accountStatuses);
export const followUpStatusEnum = pgEnum('follow_up_status', followUpStatuses);
