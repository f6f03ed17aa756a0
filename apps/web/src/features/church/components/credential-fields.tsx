import { Autocomplete, Checkbox, PasswordInput, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { azureRegions, type ChurchLiveSettings } from '@app/shared';
import type { LiveSettingsValues } from './live-settings-values';

// Per service: its form fields, what the API says of its stored key, its wording and its regions.
// (Translation engines have their own form: engine-form.tsx.)
const services = {
  speech: {
    fields: { key: 'speechKey', location: 'speechLocation', remove: 'removeSpeechKey' },
    stored: { key: 'speechKey', has: 'hasSpeechKey' },
    labels: {
      title: 'church.settings.speechTitle',
      key: 'church.settings.speechKey',
      location: 'church.settings.speechLocation',
      locationHint: 'church.settings.locationHint',
      remove: 'church.settings.removeSpeechKey',
    },
    locations: [...azureRegions],
  },
} as const;

interface CredentialFieldsProps {
  service: keyof typeof services;
  form: UseFormReturnType<LiveSettingsValues>;
  settings: ChurchLiveSettings;
  readOnly: boolean;
  /** What stands between the title and the key: the speech status, the translator endpoint. */
  children: ReactNode;
}

/**
 * One Azure service's key and region. The key is write-only: the stored one shows masked and an
 * empty input keeps it; ticking "remove" (offered only when a key is stored) disables both inputs.
 */
export function CredentialFields({ service, form, settings, readOnly, children }: CredentialFieldsProps) {
  const { t } = useTranslation();
  const { fields, stored, labels, locations } = services[service];
  const hasStoredKey = settings[stored.has];
  const disabled = readOnly || form.values[fields.remove];
  return (
    <Stack gap="xs">
      <Text fw={600}>{t(labels.title)}</Text>
      {children}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PasswordInput
          label={t(labels.key)}
          description={
            hasStoredKey
              ? t('church.settings.keyStored', { masked: settings[stored.key] ?? '••••' })
              : t('church.settings.keyNone')
          }
          autoComplete="off"
          disabled={disabled}
          {...form.getInputProps(fields.key)}
        />
        <Autocomplete
          label={t(labels.location)}
          description={t(labels.locationHint)}
          data={[...locations]}
          disabled={disabled}
          {...form.getInputProps(fields.location)}
        />
      </SimpleGrid>
      {hasStoredKey && !readOnly && (
        <Checkbox label={t(labels.remove)} {...form.getInputProps(fields.remove, { type: 'checkbox' })} />
      )}
    </Stack>
  );
}
