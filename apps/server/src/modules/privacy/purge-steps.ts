import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../lib/audit';
import {
  accountInvitations,
  deletionRequests,
  feedback,
  knownDevices,
  loginFailures,
  passwordResetCodes,
  serverSessions,
  staffDetails,
  twoStepRecoveryCodes,
  twoStepSettings,
  users,
} from '../../db/schema';
import { newReferralCode } from '../../lib/ids';
import { forgetPersonMessages } from '../messages/privacy';
import { forgetPersonSalvations } from '../salvations/service';

/**
 * One step of forgetting a person: removes or empties one group of tables, inside the purge's
 * transaction. Another area adds its own step here (e.g. salvations and follow-up notes,
 * `forgetPersonSalvations(tx, userId)`, decision 014) without touching the others (decision 016).
 */
export type PurgeStep = (tx: DbOrTx, userId: string) => Promise<void>;

const forgetSessions: PurgeStep = async (tx, userId) => {
  await tx.delete(serverSessions).where(eq(serverSessions.userId, userId));
};

/** Two-step sign-in and the browsers the person signed in from (decision 023). */
const forgetTwoStepAndDevices: PurgeStep = async (tx, userId) => {
  await tx.delete(twoStepSettings).where(eq(twoStepSettings.userId, userId));
  await tx.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, userId));
  await tx.delete(knownDevices).where(eq(knownDevices.userId, userId));
};

const forgetResetCodesAndInvitations: PurgeStep = async (tx, userId) => {
  await tx.delete(passwordResetCodes).where(eq(passwordResetCodes.userId, userId));
  await tx.delete(accountInvitations).where(eq(accountInvitations.userId, userId));
};

/** Failed sign-ins are kept by email address, so they go before the address does. */
const forgetSignInFailures: PurgeStep = async (tx, userId) => {
  await tx.delete(loginFailures).where(sql`${loginFailures.email} = (select lower(${users.email}) from ${users} where ${users.id} = ${userId})`);
};

/** The staff record: job, payroll, emergency contact, notes. */
const forgetStaffRecord: PurgeStep = async (tx, userId) => {
  await tx.delete(staffDetails).where(eq(staffDetails.userId, userId));
};

/** The words the person wrote about why they left; the request itself stays as proof of deletion. */
const forgetRequestWords: PurgeStep = async (tx, userId) => {
  await tx.update(deletionRequests).set({ details: null }).where(eq(deletionRequests.userId, userId));
};

/**
 * The words of the person's feedback comments (a comment may name its writer); the rows stay, so the
 * church's feedback counts by type, sermon and language do not change (decision 016).
 */
const emptyFeedbackWords: PurgeStep = async (tx, userId) => {
  await tx.update(feedback).set({ comment: '' }).where(eq(feedback.userId, userId));
};

/**
 * The person's row is emptied, not deleted (decision 016): listener rows, feedback and the "I accept
 * Jesus" count point at it, so the church's totals stay the same while nothing identifies anyone.
 * Church, role, sign-up date and the salvation date stay: they are what the counts are made of.
 */
const emptyPersonRow: PurgeStep = async (tx, userId) => {
  await tx.update(users).set({
    email: `deleted-${userId}@deleted.invalid`,
    passwordHash: `!purged-${randomBytes(16).toString('hex')}`,
    firstName: '',
    lastName: '',
    phone: '',
    address: null,
    suburb: '',
    dateOfBirth: null,
    gender: null,
    photoPath: null,
    primaryLanguage: null,
    faithLevel: null,
    attendedBefore: null,
    broughtBy: null,
    referralSource: null,
    referralCode: newReferralCode(),
    referredById: null,
    termsAcceptedAt: null,
    guardianConsent: false,
    accountStatus: 'disabled',
    purgedAt: new Date(),
    updatedAt: new Date(),
  }).where(eq(users.id, userId));
};

/** In order: anything keyed by the person's email runs before the row is emptied. */
export const purgeSteps: PurgeStep[] = [
  forgetSessions,
  forgetTwoStepAndDevices,
  forgetResetCodesAndInvitations,
  forgetSignInFailures,
  forgetStaffRecord,
  forgetRequestWords,
  emptyFeedbackWords,
  // The decision stays as an anonymous count; name, contact and follow-up notes go (decision 014).
  forgetPersonSalvations,
  // Church messages: the text and images the person wrote ("Deleted account" shows in their place).
  forgetPersonMessages,
  emptyPersonRow,
];
