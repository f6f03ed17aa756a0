import { addChurchLanguageBody, updateChurchLanguageBody, type AddChurchLanguageBody, type LanguageListKind } from '@app/shared';

export type AddMode = 'known' | 'new';

export interface LanguageFormValues {
  code: string;
  name: string;
  femaleVoiceId: string;
  maleVoiceId: string;
}

export const emptyLanguageForm: LanguageFormValues = { code: '', name: '', femaleVoiceId: '', maleVoiceId: '' };

/** Translation keys by field; the shared contract decides, this only says it in the reader's language. */
export function languageFormErrors(values: LanguageFormValues, mode: AddMode, list: LanguageListKind): Record<string, string> {
  const errors: Record<string, string> = {};
  if (mode === 'known' && !values.code) errors.code = 'church.languages.languageRequired';
  // Spec section 5: a language needs a voice ID (a new one a name and at least one voice ID).
  if (!values.femaleVoiceId.trim() && !values.maleVoiceId.trim()) errors.femaleVoiceId = 'church.languages.voiceRequired';
  const result = addChurchLanguageBody.safeParse(toAddBody(values, mode, list));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field in errors) continue;
      if (field === 'code') errors.code = mode === 'known' ? 'church.languages.languageRequired' : 'church.languages.codeInvalid';
      else if (field === 'name') errors.name = values.name.trim() ? 'church.languages.nameTooLong' : 'validation.required';
      else if (field === 'femaleVoiceId' || field === 'maleVoiceId') {
        errors[field] = values[field].trim() ? 'church.languages.voiceInvalid' : 'church.languages.voiceRequired';
      }
    }
  }
  return errors;
}

export function toAddBody(values: LanguageFormValues, mode: AddMode, list: LanguageListKind): AddChurchLanguageBody {
  return {
    list,
    code: values.code.trim(),
    ...(mode === 'new' || values.name.trim() ? { name: values.name.trim() } : {}),
    ...(values.femaleVoiceId.trim() ? { femaleVoiceId: values.femaleVoiceId.trim() } : {}),
    ...(values.maleVoiceId.trim() ? { maleVoiceId: values.maleVoiceId.trim() } : {}),
  };
}

/** Errors for the edit form: a name, valid voice IDs, at least one voice left. */
export function editFormErrors(values: LanguageFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.name.trim()) errors.name = 'validation.required';
  if (!values.femaleVoiceId.trim() && !values.maleVoiceId.trim()) errors.femaleVoiceId = 'church.languages.voiceRequired';
  const result = updateChurchLanguageBody.safeParse({
    name: values.name,
    femaleVoiceId: values.femaleVoiceId,
    maleVoiceId: values.maleVoiceId,
  });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field in errors) continue;
      if (field === 'name') errors.name = 'church.languages.nameTooLong';
      if (field === 'femaleVoiceId' || field === 'maleVoiceId') errors[field] = 'church.languages.voiceInvalid';
    }
  }
  return errors;
}
