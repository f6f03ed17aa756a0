import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Sermon } from '@app/shared';
import { EmptyList } from '../../components/query-states';
import { href } from '../../config/paths';
import { formattingLocale } from '../../i18n/interface-language';
import { useSermonName } from '../../lib/sermon-name';

/** A short list of sermons; live ones offer Join (members) and every one its analytics (staff). */
export function SermonCards({ sermons, empty, canJoin, canOpen }: { sermons: Sermon[]; empty: string; canJoin: boolean; canOpen: boolean }) {
  const { t, i18n } = useTranslation();
  const sermonName = useSermonName();
  if (sermons.length === 0) return <EmptyList title={empty} />;
  const time = new Intl.DateTimeFormat(formattingLocale(i18n), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {sermons.map((s) => {
        const isLive = s.status !== 'ended';
        return (
          <Card component="li" key={s.id} withBorder padding="sm" radius="md">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={600}>{sermonName(s, { withDate: false })}</Text>
                  <Badge color={isLive ? 'red' : 'gray'} variant={isLive ? 'filled' : 'light'}>{t(`analytics.sermonStatus.${isLive ? 'live' : 'ended'}`)}</Badge>
                </Group>
                <Text size="sm" c="dimmed">{time.format(new Date(s.startedAt))}{s.churchName ? ` · ${s.churchName}` : ''}</Text>
              </Stack>
              <Group gap="xs">
                {canJoin && isLive && <Button component={Link} to={href.join(s.broadcastId, s.churchId)} size="sm" aria-label={t('analytics.joinSermonOf', { name: s.hostName ?? '' })}>{t('analytics.join')}</Button>}
                {canOpen && <Button component={Link} to={href.analyticsSermon(s.id)} size="sm" variant="light">{t('analytics.openSermon')}</Button>}
              </Group>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
