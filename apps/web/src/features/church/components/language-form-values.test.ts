import { describe, expect, it } from 'vitest';
import { editFormErrors, emptyLanguageForm, languageFormErrors, toAddBody } from './language-form-values';

describe('language forms', () => {
  it('needs a chosen language and a voice ID to add a known language', () => {
    expect(languageFormErrors(emptyLanguageForm, 'known', 'join_live')).toMatchObject({
      code: 'church.languages.languageRequired',
      femaleVoiceId: 'church.languages.voiceRequired',
    });
    const pt = { code: 'pt', name: '', femaleVoiceId: 'pt-BR-FranciscaNeural', maleVoiceId: '' };
    expect(languageFormErrors(pt, 'known', 'join_live')).toEqual({});
    expect(toAddBody(pt, 'known', 'join_live')).toEqual({ list: 'join_live', code: 'pt', femaleVoiceId: 'pt-BR-FranciscaNeural' });
  });

  it('needs a name, a valid code and at least one valid voice ID for a new language', () => {
    expect(languageFormErrors({ code: 'not a code', name: '', femaleVoiceId: 'Zuri', maleVoiceId: '' }, 'new', 'go_live')).toEqual({
      code: 'church.languages.codeInvalid',
      name: 'validation.required',
      femaleVoiceId: 'church.languages.voiceInvalid',
    });
    const swahili = { code: 'sw', name: 'Swahili', femaleVoiceId: 'sw-KE-ZuriNeural', maleVoiceId: '' };
    expect(languageFormErrors(swahili, 'new', 'go_live')).toEqual({});
    expect(toAddBody(swahili, 'new', 'go_live')).toEqual({ list: 'go_live', code: 'sw', name: 'Swahili', femaleVoiceId: 'sw-KE-ZuriNeural' });
  });

  it('keeps at least one voice when editing', () => {
    expect(editFormErrors({ code: 'es', name: 'Spanish', femaleVoiceId: '', maleVoiceId: '' })).toEqual({
      femaleVoiceId: 'church.languages.voiceRequired',
    });
    expect(editFormErrors({ code: 'es', name: ' ', femaleVoiceId: 'es-ES-ElviraNeural', maleVoiceId: 'bad' })).toEqual({
      name: 'validation.required',
      maleVoiceId: 'church.languages.voiceInvalid',
    });
  });
});
