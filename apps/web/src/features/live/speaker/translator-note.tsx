import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TranslatorKind } from '@app/shared';
import { AppLink } from '../../../components/app-link';
import { href } from '../../../config/paths';

interface TranslatorNoteProps {
  churchId: string;
  /** The church's first engine, 'demo' when it chose none; null while unknown. */
  primary: TranslatorKind | null;
  failover?: TranslatorKind | null;
  /** A church administrator (or platform admin) is offered the way to the settings. */
  canManage: boolean;
}

/**
 * Which engine translates the captions, on Go Live and while live (decision 033). The demo
 * translator only labels the speaker's own words ("[PT demo] …", decision 004): the speaker is told
 * so plainly, and an administrator gets the link to choose a real engine in Manage Church.
 */
export function TranslatorNote({ churchId, primary, failover = null, canManage }: TranslatorNoteProps) {
  const { t } = useTranslation();
  if (!primary) return null;
  if (primary === 'demo') {
    return (
      <Alert color="orange" icon={<IconAlertTriangle />} title={t('live.speaker.translator.demoTitle')}>
        <Text size="sm">{t('live.speaker.translator.demoBody')}</Text>
        <Text size="sm" mt={4}>
          {canManage ? (
            // The alert's own text colour, underlined: link blue on the orange tint is under 4.5:1.
            <Anchor component={AppLink} href={`${href.church(churchId)}#translationEngines`} c="inherit" underline="always" fw={600}>
              {t('live.speaker.translator.chooseEngine')}
            </Anchor>
          ) : t('live.speaker.translator.askAdmin')}
        </Text>
      </Alert>
    );
  }
  const engine = t(`translationEngines.names.${primary}`);
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <IconLanguage size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="sm" c="dimmed">
        {failover
          ? t('live.speaker.translator.engineWithFailover', { engine, failover: t(`translationEngines.names.${failover}`) })
          : t('live.speaker.translator.engine', { engine })}
      </Text>
    </Group>
  );
}
