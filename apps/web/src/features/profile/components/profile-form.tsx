import { Alert, Button, Divider, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { updateMeBody, type Me, type UpdateMeBody } from '@app/shared';
import {
  DateOfBirthField,
  EmailField,
  FaithLevelSelect,
  FirstNameField,
  GenderSelect,
  LastNameField,
  PhoneField,
  PrimaryLanguageSelect,
  SuburbField,
} from '../../../components/form-fields/person-fields';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, zodFormValidate } from '../../../lib/zod-form';
import { useUpdateMe } from '../api/update-me';
import { hasWorkFields, profileValuesFrom, toUpdateMeInput, type ProfileValues } from '../profile-form-values';

/** The person's own details; staff roles also their work email and LinkedIn. */
export function ProfileForm({ me }: { me: Me }) {
  const { t } = useTranslation();
  const updateMe = useUpdateMe();
  const toInput = (values: ProfileValues) => toUpdateMeInput(values, me.role);
  const form = useForm<ProfileValues>({
    initialValues: profileValuesFrom(me),
    validate: zodFormValidate(updateMeBody, t, { toInput }),
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit((values) => {
    const body: UpdateMeBody = updateMeBody.parse(toInput(values));
    updateMe.mutate(body, {
      onSuccess: (saved) => {
        form.setInitialValues(profileValuesFrom(saved));
        form.setValues(profileValuesFrom(saved));
        form.resetDirty();
        notifications.show({ color: 'green', message: t('profile.updated') });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 409) form.setFieldError('email', t('validation.emailTaken'));
        else form.setErrors(serverFieldErrors(err, t));
        notifications.show({ color: 'red', message: t('profile.updateFailed') });
      },
    });
  });

  const failed = updateMe.isError && !(updateMe.error instanceof ApiError && [400, 409].includes(updateMe.error.status));

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="profile-details-title">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="profile-details-title">
            {t('profile.detailsTitle')}
          </Title>
          {failed && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {t('profile.updateFailed')}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <FirstNameField withAsterisk {...form.getInputProps('firstName')} />
            <LastNameField withAsterisk {...form.getInputProps('lastName')} />
            <EmailField withAsterisk {...form.getInputProps('email')} />
            <PhoneField withAsterisk {...form.getInputProps('phone')} />
            <SuburbField withAsterisk {...form.getInputProps('suburb')} />
            <TextInput label={t('fields.address')} autoComplete="street-address" {...form.getInputProps('address')} />
            <DateOfBirthField {...form.getInputProps('dateOfBirth')} />
            <GenderSelect placeholder={t('profile.notSet')} {...form.getInputProps('gender')} />
            <PrimaryLanguageSelect placeholder={t('profile.notSet')} {...form.getInputProps('primaryLanguage')} />
            <FaithLevelSelect placeholder={t('profile.notSet')} {...form.getInputProps('faithLevel')} />
          </SimpleGrid>

          {hasWorkFields(me.role) && (
            <>
              <Divider label={t('profile.workTitle')} labelPosition="left" />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                <TextInput
                  label={t('fields.workEmail')}
                  type="email"
                  inputMode="email"
                  autoComplete="work email"
                  {...form.getInputProps('workEmail')}
                />
                <TextInput
                  label={t('fields.linkedinUrl')}
                  type="url"
                  inputMode="url"
                  description={t('profile.linkedinHint')}
                  {...form.getInputProps('linkedinUrl')}
                />
              </SimpleGrid>
            </>
          )}

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty() || updateMe.isPending}>
              {t('profile.discard')}
            </Button>
            <Button type="submit" loading={updateMe.isPending}>
              {t('profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
