import { useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Stepper, Text } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { serverFieldErrors } from '../../lib/zod-form';
import { useSignup } from './api/signup';
import { AuthLayout } from './components/auth-layout';
import { AboutYouStep } from './signup/about-you-step';
import { ChurchStep } from './signup/church-step';
import { PasswordStep } from './signup/password-step';
import {
  ageFromDateOfBirth,
  emptySignupValues,
  firstStepWithError,
  isTooYoung,
  signupSteps,
} from './signup/signup-form';

const LAST_STEP = signupSteps.length - 1;

type SignupValidation = typeof import('./signup/signup-validation');

// Mantine renders the first invalid input with aria-invalid; moving focus there tells a screen
// reader user (and a phone user scrolled past it) what to fix.
function focusFirstInvalid() {
  requestAnimationFrame(() => document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus());
}

/** `/signup`: three steps, each checked with the shared schema before the next one opens. */
export function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const isNarrow = useMediaQuery('(max-width: 36em)');
  const [active, setActive] = useState(0);
  const signup = useSignup();
  // The schema's checks load when the person first touches the form (signup-validation.ts); every
  // check waits for them, so none is skipped.
  const validation = useRef<SignupValidation | null>(null);
  const loadValidation = async () => (validation.current ??= await import('./signup/signup-validation'));
  const form = useForm({
    initialValues: emptySignupValues(searchParams.get('ref')?.trim() ?? ''),
    validate: (values) => validation.current?.signupValidate(t)(values) ?? {},
    validateInputOnBlur: true,
  });

  const age = ageFromDateOfBirth(form.values.dateOfBirth);
  const blocked = isTooYoung(age);

  const showErrors = (errors: FormErrors) => {
    form.setErrors(errors);
    const step = firstStepWithError(errors);
    if (step !== null) setActive(step);
    focusFirstInvalid();
  };

  const handleNext = async () => {
    const { signupValidate } = await loadValidation();
    const errors = signupValidate(t, active)(form.getValues());
    if (Object.keys(errors).length > 0) return showErrors(errors);
    form.clearErrors();
    setActive((s) => Math.min(s + 1, LAST_STEP));
  };

  const handleSubmit = form.onSubmit(
    async (values) => {
      const { signupBodyOf } = await loadValidation();
      signup.mutate(signupBodyOf(values), {
        onSuccess: () => navigate(paths.dashboard, { replace: true }),
        onError: (err) => {
          if (err instanceof ApiError && err.status === 409) return showErrors({ email: t('validation.emailTaken') });
          const fieldErrors = serverFieldErrors(err, t);
          if (Object.keys(fieldErrors).length > 0) showErrors(fieldErrors);
        },
      });
    },
    (errors) => showErrors(errors),
  );

  // Enter in a field of an earlier step moves on instead of submitting the whole form.
  const handleFormSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (active < LAST_STEP) {
      if (!blocked) void handleNext();
      return;
    }
    void loadValidation().then(() => handleSubmit());
  };

  // A field checked on blur (a mistyped email) shows its message as the pointer presses Next, which
  // moves Next down under the pointer: the click was lost and Next seemed to do nothing. Pressing
  // Next or Create account keeps the focus in the field; the click then checks the whole step.
  const keepFocus = (event: React.MouseEvent) => event.preventDefault();

  const steps = [
    { label: t('signup.steps.aboutYou'), hint: t('signup.steps.aboutYouHint'), content: <AboutYouStep form={form} age={age} /> },
    { label: t('signup.steps.church'), hint: t('signup.steps.churchHint'), content: <ChurchStep form={form} /> },
    { label: t('signup.steps.password'), hint: t('signup.steps.passwordHint'), content: <PasswordStep form={form} age={age} /> },
  ];

  const failed =
    signup.isError && !(signup.error instanceof ApiError && (signup.error.status === 400 || signup.error.status === 409));

  return (
    <AuthLayout title={t('signup.title')} subtitle={t('signup.subtitle')} width={720}>
      <form onSubmit={handleFormSubmit} onFocusCapture={() => void loadValidation()} noValidate>
        <Stack gap="lg">
          <Stepper
            active={active}
            onStepClick={(step) => step < active && setActive(step)}
            allowNextStepsSelect={false}
            size={isNarrow ? 'sm' : 'md'}
            wrap={false}
          >
            {steps.map((step) => (
              // On a phone only the numbers show (three labels do not fit); the names stay for screen readers.
              <Stepper.Step
                key={step.label}
                label={isNarrow ? undefined : step.label}
                description={isNarrow ? undefined : step.hint}
                aria-label={step.label}
              >
                {isNarrow && (
                  <Text fw={600} mb="sm">
                    {t('signup.stepOf', { n: active + 1, total: signupSteps.length, name: step.label })}
                  </Text>
                )}
                {step.content}
              </Stepper.Step>
            ))}
          </Stepper>

          {failed && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {signup.error instanceof ApiError && signup.error.code === 'network' ? t('errors.network') : t('signup.failed')}
            </Alert>
          )}

          <Group justify="space-between">
            {active > 0 ? (
              <Button variant="default" onClick={() => setActive((s) => s - 1)}>
                {t('signup.back')}
              </Button>
            ) : (
              <span />
            )}
            {active < LAST_STEP ? (
              <Button onMouseDown={keepFocus} onClick={() => void handleNext()} disabled={blocked}>
                {t('signup.next')}
              </Button>
            ) : (
              <Button type="submit" onMouseDown={keepFocus} loading={signup.isPending}>
                {t('signup.submit')}
              </Button>
            )}
          </Group>

          <Text ta="center" size="sm">
            {t('signup.haveAccount')}{' '}
            <Anchor component={Link} to={paths.signIn}>
              {t('signup.signIn')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}

export { SignupPage as Component };
