import type { FormErrors, UseFormReturnType } from '@mantine/form';

type UseFormOnSubmit<Values> = UseFormReturnType<Values>['onSubmit'];
import type { z } from 'zod';
import { ApiError } from './api-client';

/** Turns a translation key into text; `t` from react-i18next fits. */
export type Translate = (key: string) => string;

// Shared rules carry `validation.*` keys (the server may also use an `errors.*` one); anything else,
// such as a zod default, gets a generic message so no English-only or raw text reaches the screen.
function messageFor(message: string | undefined, t: Translate): string {
  return message?.startsWith('validation.') || message?.startsWith('errors.') ? t(message) : t('errors.invalidValue');
}

/** The first issue of each field as a translation key, keyed by its dotted path (`_` for the root). */
export function zodIssueKeys(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const keys: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    if (!(field in keys)) keys[field] = issue.message;
  }
  return keys;
}

interface ZodFormOptions<Values> {
  /** Maps form values (strings from inputs) to the shape the schema expects. */
  toInput?: (values: Values) => unknown;
  /** Only report these fields, e.g. the ones on the current step of a multi-step form. */
  fields?: readonly string[];
}

/**
 * A @mantine/form `validate` function from a shared zod schema: `{ field: t(key) }`, one message per
 * field, so the screen and the server apply the very same rules.
 */
export function zodFormValidate<Values>(schema: z.ZodType, t: Translate, options: ZodFormOptions<Values> = {}) {
  return (values: Values): FormErrors => issueKeysToErrors(zodIssueKeys(schema, options.toInput ? options.toInput(values) : values), t, options.fields);
}

/** `{ field: key }` as form errors `{ field: t(key) }`, only for `fields` when given. */
export function issueKeysToErrors(keys: Record<string, string>, t: Translate, fields?: readonly string[]): FormErrors {
  const errors: FormErrors = {};
  for (const [field, key] of Object.entries(keys)) {
    if (!fields || fields.includes(field)) errors[field] = messageFor(key, t);
  }
  return errors;
}

/** The server's 400 field errors as form errors, translated by their `validation.*` key. */
export function serverFieldErrors(err: unknown, t: Translate): FormErrors {
  if (!(err instanceof ApiError)) return {};
  const errors: FormErrors = {};
  for (const e of err.errors) {
    if (!(e.field in errors)) errors[e.field] = messageFor(e.key, t);
  }
  return errors;
}

/**
 * After a refused submit, moves focus to the first field with an error, so on a long form (or a
 * phone) the person sees what to fix instead of a button that seems to do nothing.
 */
export function focusFirstInvalid(errors: FormErrors): void {
  const first = Object.keys(errors)[0];
  if (!first) return;
  const el = document.querySelector<HTMLElement>(`[data-path="${CSS.escape(first)}"]`);
  el?.scrollIntoView({ block: 'center' });
  el?.focus({ preventScroll: true });
}

/**
 * A form's submit handler: runs `submit` with valid values; field errors the server answers are shown
 * under their fields (renamed by `mapErrors` when the form names them differently) and focused.
 */
export function submitWithServerErrors<Values extends object>(
  form: { onSubmit: UseFormOnSubmit<Values>; setErrors: (errors: FormErrors) => void },
  t: Translate,
  submit: (values: Values) => Promise<unknown>,
  mapErrors: (errors: FormErrors) => FormErrors = (e) => e,
) {
  return form.onSubmit(async (values) => {
    try {
      await submit(values);
    } catch (err) {
      const errors = mapErrors(serverFieldErrors(err, t));
      form.setErrors(errors);
      focusFirstInvalid(errors);
    }
  }, (errors) => focusFirstInvalid(mapErrors(errors)));
}
