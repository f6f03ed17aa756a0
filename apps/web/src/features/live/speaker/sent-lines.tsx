import { Badge, Box, Group, Loader, Paper, Text } from '@mantine/core';
import { IconCheck, IconClockPause } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SentLine } from './use-speaker-lines';

/** What the speaker has said, in order, and whether each line has reached the server yet. */
export function SentLines({ lines, waiting }: { lines: SentLine[]; waiting: number }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{t('live.speaker.sentTitle')}</Text>
        {waiting > 0 && (
          <Text size="sm" c="orange.8" fw={600} role="status">
            {t('live.speaker.waitingToSend', { count: waiting })}
          </Text>
        )}
      </Group>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('live.speaker.sentEmpty')}
        </Text>
      ) : (
        <Box
          component="ol"
          aria-label={t('live.speaker.sentTitle')}
          // It scrolls: a keyboard reader must be able to reach it to scroll it (WCAG 2.1.1).
          tabIndex={0}
          style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 320, overflowY: 'auto' }}
        >
          {lines.map((line) => (
            <Box component="li" key={line.key} py={4}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Text size="sm" c="dimmed" w={28} ta="right">
                  {line.seq ?? ''}
                </Text>
                <Text size="sm" style={{ flex: 1 }}>
                  {line.text}
                </Text>
                <LineStatus status={line.status} />
              </Group>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}

function LineStatus({ status }: { status: SentLine['status'] }) {
  const { t } = useTranslation();
  if (status === 'failed') {
    return (
      <Badge size="xs" color="red">
        {t('live.speaker.lineFailed')}
      </Badge>
    );
  }
  if (status === 'waiting') return <IconClockPause size={14} color="var(--mantine-color-orange-7)" aria-label={t('live.speaker.lineWaiting')} />;
  if (status === 'sending') return <Loader size={12} aria-label={t('live.speaker.lineSending')} />;
  return <IconCheck size={14} color="var(--mantine-color-teal-6)" aria-label={t('live.speaker.lineSent')} />;
}
