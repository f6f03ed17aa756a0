import { describe, expect, it } from 'vitest';
import { personFields } from './people';
import { signupBody } from './auth';
import { isPersonName } from './validation';

describe('a person’s name (decision 042)', () => {
  it('takes names as people have them: short, of any script, with apostrophes, hyphens and dots', () => {
    for (const name of ['Li', 'Ng', 'Wu', 'An', 'Li Na', 'O’Brien', "O'Brien", 'José', '李', 'محمد', 'Jean-Luc', 'J. R.', 'Nguyễn', 'देवनागरी', 'A']) {
      expect(isPersonName(name), name).toBe(true);
    }
  });

  it('refuses what is no name: digits, symbols, nothing but punctuation', () => {
    for (const name of ['', ' ', 'B2', 'Ana!', "'", '-.', 'a@b', '<b>']) expect(isPersonName(name), name).toBe(false);
  });

  it('is the rule of the signup and the person forms alike', () => {
    const person = personFields.pick({ firstName: true, lastName: true });
    expect(person.safeParse({ firstName: 'Na', lastName: 'Li' }).success).toBe(true);
    expect(person.safeParse({ firstName: 'Ana', lastName: '' }).error?.issues[0]?.message).toBe('validation.lastNameRequired');
    expect(person.safeParse({ firstName: 'Ana3', lastName: 'Wu' }).error?.issues[0]?.message).toBe('validation.nameChars');
    const signup = signupBody.safeParse({ firstName: 'Wu', lastName: 'O’Brien' });
    expect(signup.error?.issues.some((i) => i.path[0] === 'firstName' || i.path[0] === 'lastName')).toBe(false);
  });
});
