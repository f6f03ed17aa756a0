import { signupBody } from '@app/shared';
import { zodFormValidate, type Translate } from '../../../lib/zod-form';
import { signupSteps, toSignupInput, type SignupValues } from './signup-form';

// The checks that need zod and the shared schema (about 24 KB gzipped): the signup page loads this
// module when the person first touches the form, not with the page (decision 029).

/** Validation of the whole form with the shared signup schema; `step` keeps only that step's fields. */
export function signupValidate(t: Translate, step?: number) {
  return zodFormValidate<SignupValues>(signupBody, t, {
    toInput: toSignupInput,
    fields: step === undefined ? undefined : signupSteps[step],
  });
}

/** The body to send: the form validated with the same schema, so this parse only applies its transforms. */
export function signupBodyOf(values: SignupValues) {
  return signupBody.parse(toSignupInput(values));
}
