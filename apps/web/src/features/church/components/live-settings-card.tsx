import { useMemo } from 'react';
import { Alert, Badge, Button, Group, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { australianTimeZones, liveSettingsBody, type ChurchDetails } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, zodFormValidate } from '../../../lib/zod-form';
import { useUpdateLiveSettings } from '../api/update-live-settings';
import { CredentialFields } from './credential-fields';
import { changedLiveSettings, credentialPairErrors, initialLiveSettingsValues, type LiveSettingsValues } from './live-settings-values';
import { useHeadingLevel } from '../../../components/heading-level';

/** Australia's zones, where the churches are, and the church's current one should it be another. */
function timeZones(current: string): string[] {
  const all: string[] = [...australianTimeZones];
  return all.includes(current) ? all : [current, ...all];
}

/**
 * Speech credentials, guests and the church's time zone. Keys are write-only: the stored one shows
 * masked and an empty input keeps it (ARCHITECTURE.md section 6). Translation engines have their
 * own card (translation-engines-card.tsx).
 */
export function LiveSettingsCard({ church }: { church: ChurchDetails }) {
  const sectionOrder = useHeadingLevel(1);
  const { t } = useTranslation();
  const settings = church.liveSettings;
  const update = useUpdateLiveSettings(church.id);
  const zones = useMemo(() => timeZones(settings.timeZone), [settings.timeZone]);
  const shapeValidate = useMemo(
    () =>
      zodFormValidate<LiveSettingsValues>(liveSettingsBody, t, {
        toInput: (v) => ({
          speechKey: v.speechKey,
          speechLocation: v.speechLocation,
          guestsMayListen: v.guestsMayListen,
          timeZone: v.timeZone,
        }),
      }),
    [t],
  );

  const form = useForm<LiveSettingsValues>({
    initialValues: initialLiveSettingsValues(settings),
    validate: (values) => {
      const errors = shapeValidate(values);
      for (const [field, key] of Object.entries(credentialPairErrors(values, settings))) errors[field] ??= t(key);
      return errors;
    },
  });

  const handleSubmit = (values: LiveSettingsValues) => {
    const body = changedLiveSettings(values, settings);
    if (Object.keys(body).length === 0) {
      notifications.show({ color: 'yellow', message: t('church.noChanges') });
      return;
    }
    update.mutate(body, {
      onSuccess: (details) => {
        form.setValues(initialLiveSettingsValues(details.liveSettings));
        form.resetDirty(initialLiveSettingsValues(details.liveSettings));
        notifications.show({ color: 'teal', message: t('church.settings.saved') });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'no_changes') {
          notifications.show({ color: 'yellow', message: t('church.noChanges') });
          return;
        }
        const fieldErrors = serverFieldErrors(err, t);
        if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
        notifications.show({ color: 'red', message: t('church.settings.saveFailed') });
      },
    });
  };

  const readOnly = !church.canEdit;

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Title order={sectionOrder} size="h4">
              {t('church.settings.title')}
            </Title>
            <Badge variant="light" color={settings.translatorKind === 'demo' ? 'gray' : 'teal.9'}>
              {t(`translationEngines.names.${settings.translatorKind}`)}
            </Badge>
          </Group>
          {settings.translatorKind === 'demo' && (
            <Alert color="gray" variant="light">
              {t('church.settings.demoNote')}
            </Alert>
          )}

          <CredentialFields service="speech" form={form} settings={settings} readOnly={readOnly}>
            <Text size="sm" c="dimmed">
              {settings.hasSpeechKey ? t('church.settings.speechOn') : t('church.settings.speechOff')}
            </Text>
          </CredentialFields>

          <Stack gap="xs">
            <Text fw={600}>{t('church.settings.listenersTitle')}</Text>
            <Switch
              label={t('church.settings.guestsMayListen')}
              description={t('church.settings.guestsHint')}
              disabled={readOnly}
              {...form.getInputProps('guestsMayListen', { type: 'checkbox' })}
            />
            <Select
              label={t('church.settings.timeZone')}
              description={t('church.settings.timeZoneHint')}
              data={zones}
              searchable
              allowDeselect={false}
              disabled={readOnly}
              maw={420}
              {...form.getInputProps('timeZone')}
            />
          </Stack>

          {!readOnly && (
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending}>
                {t('church.settings.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
