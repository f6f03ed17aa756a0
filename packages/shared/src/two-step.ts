import { z } from 'zod';

/**
 * Two-step sign-in and signed-in devices (decision 023). A code is the six digits of an
 * authenticator app (RFC 6238, 30-second steps); a recovery code is one of the ten shown at enrolment.
 */
export const TWO_STEP_CODE_TRIES = 5;
export const REMEMBER_DEVICE_DAYS = 30;
/** A reveal of pay data within this many minutes of a code needs no second code. */
export const TWO_STEP_FRESH_MINUTES = 5;

const codeField = z.string().trim().regex(/^\d{6}$/, 'validation.twoStepCodeFormat');

/** POST /me/two-step: a new secret to scan; it counts once a code confirms it. */
export const twoStepStartResponse = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const twoStepCodeBody = z.object({ code: codeField });
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
export const twoStepStatus = z.object({
  enabled: z.boolean(),
  /** The person's role must use it (ADMIN_TWO_STEP=required) and has not enrolled yet. */
  mustEnrol: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoStepStatus = z.infer<typeof twoStepStatus>;
export type TwoStepStart = z.infer<typeof twoStepStartResponse>;

/** POST /auth/login/two-step: the code, or a recovery code, on the half session the password opened. */
export const loginTwoStepBody = z
  .object({
    code: codeField.optional(),
    recoveryCode: z.string().trim().min(1).max(40).optional(),
    rememberDevice: z.boolean().optional(),
  })
  .refine((b) => !!b.code !== !!b.recoveryCode, { message: 'validation.twoStepCodeFormat', path: ['code'] });
/** What POST /auth/login answers (202) when the password was right and a code is still needed. */
export const twoStepChallenge = z.object({ twoStep: z.literal('code') });

/** Revealing pay data: a fresh code when the person has two-step sign-in. */
export const revealBody = z.object({ code: codeField.optional() }).optional();

export const signedInDevice = z.object({
  id: z.string().uuid(),
  browser: z.string().nullable(),
  system: z.string().nullable(),
  ipAddress: z.string().nullable(),
  signedInAt: z.string(),
  lastActiveAt: z.string(),
  current: z.boolean(),
});
export type SignedInDevice = z.infer<typeof signedInDevice>;
export const signedInDevicesResponse = z.object({ items: z.array(signedInDevice) });
export const revokeSessionsQuery = z.object({ others: z.literal('true') });
