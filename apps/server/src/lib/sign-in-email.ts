/**
 * The email of someone who has an account: signed in, invited, or found by their email. Only a
 * person without an account ('no_account', decision 036) has none, and an edit never takes an email
 * away (users/email-change.ts), so a null here is a broken invariant, not a case to handle.
 */
export function accountEmail(email: string | null): string {
  if (email === null) throw new Error('A person with an account has no email');
  return email;
}
