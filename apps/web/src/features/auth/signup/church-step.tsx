import { Alert, Button, Group, Radio, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { referralSources } from '@app/shared';
import { FaithLevelSelect, PrimaryLanguageSelect } from '../../../components/form-fields/person-fields';
import { usePublicChurches } from '../../../lib/public-churches';
import type { SignupValues } from './signup-form';

/** Step 2: your church and faith. */
export function ChurchStep({ form }: { form: UseFormReturnType<SignupValues> }) {
  const { t } = useTranslation();
  const churches = usePublicChurches();
  const churchOptions = (churches.data ?? []).map((c) => ({ value: c.id, label: `${c.name} — ${c.suburb}` }));
  const churchPlaceholder = churches.isPending
    ? t('common.loading')
    : churchOptions.length === 0
      ? t('signup.noChurches')
      : t('signup.chooseChurch');

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      {churches.isError && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" style={{ gridColumn: '1 / -1' }}>
          <Group justify="space-between" gap="xs">
            {t('signup.churchesFailed')}
            <Button size="xs" variant="light" color="red" onClick={() => void churches.refetch()}>
              {t('signup.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      <Select
        label={t('fields.church')}
        placeholder={churchPlaceholder}
        data={churchOptions}
        disabled={churches.isPending || churchOptions.length === 0}
        searchable
        nothingFoundMessage={t('signup.noChurchFound')}
        withAsterisk
        style={{ gridColumn: '1 / -1' }}
        {...form.getInputProps('churchId')}
      />
      <PrimaryLanguageSelect placeholder={t('signup.choose')} {...form.getInputProps('primaryLanguage')} />
      <FaithLevelSelect placeholder={t('signup.choose')} {...form.getInputProps('faithLevel')} />
      <Radio.Group label={t('fields.attendedBefore')} {...form.getInputProps('attendedBefore')}>
        <Group mt={8} gap="lg">
          <Radio value="yes" label={t('signup.yes')} />
          <Radio value="no" label={t('signup.no')} />
        </Group>
      </Radio.Group>
      <TextInput label={t('fields.broughtBy')} autoComplete="off" {...form.getInputProps('broughtBy')} />
      <Select
        label={t('fields.referralSource')}
        placeholder={t('signup.choose')}
        data={referralSources.map((r) => ({ value: r, label: t(`fields.referralSources.${r}`) }))}
        clearable
        {...form.getInputProps('referralSource')}
      />
      <TextInput
        label={t('fields.referralCode')}
        description={t('signup.referralCodeHint')}
        autoComplete="off"
        {...form.getInputProps('referralCode')}
      />
    </SimpleGrid>
  );
}
