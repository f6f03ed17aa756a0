import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../../lib/language-label';
import { useHeadingLevel } from '../../../components/heading-level';
import { interfaceLanguage } from '../../../i18n/interface-language';
import type { VoiceStatus } from '@app/shared';

/**
 * Live listener counts per language, from the server's `sermon:state`, and how far behind the
 * pastor each language's voice runs (decision 039).
 */
export function ListenerCounts({ counts, names, voice = {} }: { counts: Record<string, number>; names: Record<string, string>; voice?: Record<string, VoiceStatus> }) {
  const sectionOrder = useHeadingLevel(1);
  const { t, i18n } = useTranslation();
  const rows = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, n]) => sum + n, 0);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={sectionOrder} size="h4">
            {t('live.speaker.listeners')}
          </Title>
          <Badge size="lg" variant="light" aria-label={t('live.speaker.totalListeners', { count: total })}>
            {total}
          </Badge>
        </Group>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('live.speaker.noListeners')}
          </Text>
        ) : (
          <Table aria-label={t('live.speaker.listenersByLanguage')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('live.speaker.language')}</Table.Th>
                <Table.Th ta="right">{t('live.speaker.listenerCount')}</Table.Th>
                <Table.Th ta="right">{t('live.listener.voice')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(([code, n]) => (
                <Table.Tr key={code}>
                  <Table.Td>{languageName(code, names[code] ?? code, interfaceLanguage(i18n))}</Table.Td>
                  <Table.Td ta="right">{n}</Table.Td>
                  <Table.Td ta="right" aria-label={t('live.speaker.voiceLagTitle')}>
                    {voice[code] ? <VoiceLag status={voice[code]} /> : '–'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

function VoiceLag({ status }: { status: VoiceStatus }) {
  const { t, i18n } = useTranslation();
  // Both figures in the interface language's digits ("13,9 s … (1,3×)" in Portuguese), never one of each.
  const number = new Intl.NumberFormat(interfaceLanguage(i18n), { maximumFractionDigits: 1 });
  const seconds = number.format(status.behindS);
  const fast = status.rate > 1.02;
  return (
    <Text size="sm" c={fast ? 'var(--mantine-color-orange-light-color)' : undefined}>
      {fast ? t('live.speaker.voiceLagFast', { seconds, rate: number.format(status.rate) }) : t('live.speaker.voiceLag', { seconds })}
    </Text>
  );
}
