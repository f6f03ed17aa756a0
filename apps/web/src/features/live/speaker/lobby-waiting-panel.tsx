import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useHeadingLevel } from '../../../components/heading-level';
import { projectorPath } from '../../../lib/join-link';
import { useLobbyWaiting } from '../api/get-lobby-waiting';
import { languageName } from '../../../lib/language-label';
import { interfaceLanguage } from '../../../i18n/interface-language';

/**
 * Who waits in the church's lobby, per language, before and after the start (docs/decisions/020):
 * the speaker knows which languages to expect. Projectors are counted apart, never as people.
 */
export function LobbyWaitingPanel({ churchId, names }: { churchId: string; names: Record<string, string> }) {
  const sectionOrder = useHeadingLevel(1);
  const { t, i18n } = useTranslation();
  const waiting = useLobbyWaiting(churchId);
  const data = waiting.data;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={sectionOrder} size="h4">{t('schedule.waitingTitle')}</Title>
          {data && <Badge size="lg" variant="light">{t('schedule.people', { count: data.total })}</Badge>}
        </Group>
        {data && data.languages.length === 0 && <Text size="sm" c="dimmed">{t('schedule.waitingNone')}</Text>}
        {data && data.languages.length > 0 && (
          <Group gap="xs">
            {data.languages.map((l) => (
              <Badge key={l.code} variant="outline" size="lg" tt="none">
                {languageName(l.code, names[l.code] ?? l.code, interfaceLanguage(i18n))}: {t('schedule.people', { count: l.people })}
                {l.projectors > 0 ? ` · ${t('schedule.projectors', { count: l.projectors })}` : ''}
              </Badge>
            ))}
          </Group>
        )}
        {data && (
          <Group>
            <Button component="a" href={projectorPath(data.joinCode)} target="_blank" variant="light" size="xs" leftSection={<IconExternalLink size={14} aria-hidden />}>
              {t('schedule.openProjector')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
