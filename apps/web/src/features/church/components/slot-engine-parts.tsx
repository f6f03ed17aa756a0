import { Button, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formattingLocale } from '../../../i18n/interface-language';
import { EngineWords } from './engine-status';

/** Test connection and save on one side, remove on the other: the same under every engine form. */
export function EngineFormButtons({ canAct, testing, saving, removing, hasStored, onTest, onRemove }: {
  canAct: boolean; testing: boolean; saving: boolean; removing: boolean; hasStored: boolean; onTest: () => void; onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap="sm">
        <Button variant="light" onClick={onTest} loading={testing} disabled={!canAct}>{t('translationEngines.test.button')}</Button>
        <Button type="submit" loading={saving} disabled={!canAct}>{t('translationEngines.save')}</Button>
      </Group>
      {hasStored && <Button variant="subtle" color="red" onClick={onRemove} loading={removing}>{t('translationEngines.remove.button')}</Button>}
    </Group>
  );
}

/**
 * How an engine in a slot has been doing (recognition, decision 038; voice, decision 040): this
 * week's line, its last success and its last error in the engine's own words.
 */
export function SlotEngineHealth({ health, quiet, none, week, lastOk }: {
  health: { lastOkAt: string | null; lastError: string | null; lastErrorAt: string | null } | undefined;
  /** Nothing to say yet (no call this week, no success, no error). */
  quiet: boolean;
  none: string;
  week: string;
  lastOk: (when: string) => string;
}) {
  const { t, i18n } = useTranslation();
  const when = (iso: string) => new Intl.DateTimeFormat(formattingLocale(i18n), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>{t('translationEngines.health.title')}</Text>
      {!health || quiet ? (
        <Text size="sm" c="dimmed">{none}</Text>
      ) : (
        <List size="sm" spacing={2} aria-label={t('translationEngines.health.title')}>
          <List.Item>{week}</List.Item>
          {health.lastOkAt && <List.Item>{lastOk(when(health.lastOkAt))}</List.Item>}
          {health.lastError && health.lastErrorAt && (
            <List.Item>
              <Text size="sm" c="red.9">{t('translationEngines.health.lastError', { when: when(health.lastErrorAt) })}</Text>
              <EngineWords words={health.lastError} />
            </List.Item>
          )}
        </List>
      )}
    </Stack>
  );
}
