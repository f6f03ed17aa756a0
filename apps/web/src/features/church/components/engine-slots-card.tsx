import type { ReactNode } from 'react';
import { Alert, Button, Divider, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { engineSlots, type EngineSlot } from '@app/shared';
import { useHeadingLevel } from '../../../components/heading-level';

interface EngineSlotsCardProps<E extends { slot: EngineSlot }> {
  /** The family's words: `<ns>.title`, `.intro`, `.loadFailed`, `.slotHints.<slot>`. */
  ns: 'translationEngines' | 'recognitionEngines' | 'voiceEngines';
  query: { isPending: boolean; isError: boolean; data?: { engines: E[] }; refetch: () => unknown };
  renderForm: (slot: EngineSlot, stored: E | undefined) => ReactNode;
}

/**
 * A church's first and second engine of one kind (translation, decision 033; recognition, decision
 * 038): a form per place, the second offered once there is a first.
 */
export function EngineSlotsCard<E extends { slot: EngineSlot }>({ ns, query, renderForm }: EngineSlotsCardProps<E>) {
  const sectionOrder = useHeadingLevel(1);
  const slotOrder = useHeadingLevel(2);
  const { t } = useTranslation();
  return (
    // The id is where the speaker's "choose a translation engine" link lands (translationEngines).
    <Paper withBorder p="md" radius="md" id={ns}>
      <Stack gap="md">
        <Title order={sectionOrder} size="h4">{t(`${ns}.title`)}</Title>
        <Text size="sm" c="dimmed">{t(`${ns}.intro`)}</Text>
        {query.isPending ? (
          <Skeleton h={160} />
        ) : query.isError || !query.data ? (
          <Alert color="red" title={t(`${ns}.loadFailed`)}>
            <Button size="xs" variant="light" onClick={() => void query.refetch()}>{t('church.retry')}</Button>
          </Alert>
        ) : (
          engineSlots.map((slot, i) => {
            const engines = query.data!.engines;
            const hasFirst = engines.some((e) => e.slot === 'primary');
            return (
              <Stack key={slot} gap="xs">
                {i > 0 && <Divider />}
                <Title order={slotOrder} size="h5">{t(`translationEngines.slots.${slot}`)}</Title>
                <Text size="sm" c="dimmed">{t(`${ns}.slotHints.${slot}`)}</Text>
                {slot === 'failover' && !hasFirst
                  ? <Text size="sm">{t('translationEngines.failoverNeedsFirst')}</Text>
                  : renderForm(slot, engines.find((e) => e.slot === slot))}
              </Stack>
            );
          })
        )}
      </Stack>
    </Paper>
  );
}
