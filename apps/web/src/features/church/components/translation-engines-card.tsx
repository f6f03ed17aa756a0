import { Alert, Button, Divider, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { engineSlots, type ChurchDetails } from '@app/shared';
import { useHeadingLevel } from '../../../components/heading-level';
import { useTranslationEngines } from '../api/get-translation-engines';
import { EngineForm } from './engine-form';

/**
 * Manage Church's translation engines (decision 033): the first engine and a second one used when
 * the first fails, each tested before it is saved, with its recent latency and errors.
 */
export function TranslationEnginesCard({ church }: { church: ChurchDetails }) {
  const sectionOrder = useHeadingLevel(1);
  const slotOrder = useHeadingLevel(2);
  const { t } = useTranslation();
  const engines = useTranslationEngines(church.id, church.canEdit);
  if (!church.canEdit) return null;

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <Title order={sectionOrder} size="h4">{t('translationEngines.title')}</Title>
        <Text size="sm" c="dimmed">{t('translationEngines.intro')}</Text>
        {engines.isPending ? (
          <Skeleton h={160} />
        ) : engines.isError ? (
          <Alert color="red" title={t('translationEngines.loadFailed')}>
            <Button size="xs" variant="light" onClick={() => void engines.refetch()}>{t('church.retry')}</Button>
          </Alert>
        ) : (
          engineSlots.map((slot, i) => {
            const stored = engines.data.engines.find((e) => e.slot === slot);
            const hasFirst = engines.data.engines.some((e) => e.slot === 'primary');
            return (
              <Stack key={slot} gap="xs">
                {i > 0 && <Divider />}
                <Title order={slotOrder} size="h5">{t(`translationEngines.slots.${slot}`)}</Title>
                <Text size="sm" c="dimmed">{t(`translationEngines.slotHints.${slot}`)}</Text>
                {slot === 'failover' && !hasFirst ? (
                  <Text size="sm">{t('translationEngines.failoverNeedsFirst')}</Text>
                ) : (
                  <EngineForm
                    key={`${slot}-${stored?.kind ?? 'none'}-${stored?.updatedAt ?? ''}`}
                    churchId={church.id}
                    slot={slot}
                    stored={stored}
                    health={engines.data.health.find((h) => h.slot === slot && h.kind === stored?.kind)}
                  />
                )}
              </Stack>
            );
          })
        )}
      </Stack>
    </Paper>
  );
}
