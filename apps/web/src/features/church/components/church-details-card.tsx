import { Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { ChurchDetails } from '@app/shared';
import { useHeadingLevel } from '../../../components/heading-level';
import { ChurchMap } from '../../../components/map/church-map';
import { ApiError } from '../../../lib/api-client';
import { useUpdateChurch } from '../api/update-church';
import { ChurchDetailsForm, zoneLabel } from './church-details-form';
import { churchValuesOf, toUpdateBody } from './church-details-values';

/** The church's details and location: a form for those who may edit it, otherwise a card with the map. */
export function ChurchDetailsCard({ church }: { church: ChurchDetails }) {
  const sectionOrder = useHeadingLevel(1);
  const { t } = useTranslation();
  const update = useUpdateChurch(church.id);
  const position = church.latitude !== null && church.longitude !== null ? { latitude: church.latitude, longitude: church.longitude } : null;

  if (!church.canEdit) {
    return (
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={sectionOrder} size="h3">{church.name}</Title>
          <Text>{[church.address, church.suburb, church.state, church.country].filter(Boolean).join(', ')}</Text>
          <Text size="sm" c="dimmed">{t('churches.fields.pastorName')}: {church.pastorName} · {t('churches.fields.timeZone')}: {zoneLabel(church.liveSettings.timeZone)}</Text>
          {position ? <ChurchMap position={position} label={t('churches.mapOf', { name: church.name })} /> : <Text size="sm" c="dimmed">{t('churches.noLocation')}</Text>}
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <ChurchDetailsForm
          key={church.id}
          isNew={false}
          initial={churchValuesOf(church)}
          saving={update.isPending}
          error={update.error instanceof ApiError && update.error.code === 'no_changes' ? null : update.error}
          saveLabel={t('churches.form.save')}
          onSubmit={(values) =>
            update.mutateAsync(toUpdateBody(values), {
              onSuccess: () => notifications.show({ color: 'green', message: t('churches.form.saved') }),
              onError: (err) => {
                if (err instanceof ApiError && err.code === 'no_changes') notifications.show({ color: 'yellow', message: t('church.noChanges') });
              },
            })
          }
        />
      </Stack>
    </Paper>
  );
}
