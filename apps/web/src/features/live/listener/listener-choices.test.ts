import { describe, expect, it } from 'vitest';
import { voicePreferenceFor } from './listener-choices';

describe('the voice a listener asks for', () => {
  it('is the kind chosen when the language has it, else the one it has', () => {
    expect(voicePreferenceFor(true, ['female', 'male'], 'male', true)).toBe('male');
    expect(voicePreferenceFor(true, ['female'], 'male', true)).toBe('female');
  });

  it('is the phone\'s own voice where the church has none for the language, and nothing where the phone has none either', () => {
    expect(voicePreferenceFor(true, [], 'female', true)).toBe('device');
    expect(voicePreferenceFor(true, [], 'female', false)).toBe('none');
  });

  it('is nothing while the voice is off', () => {
    expect(voicePreferenceFor(false, ['female'], 'female', true)).toBe('none');
  });
});
