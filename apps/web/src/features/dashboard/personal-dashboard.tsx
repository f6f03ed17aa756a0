import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useHeadingLevel } from '../../components/heading-level';
import { ErrorState, EmptyList } from '../../components/query-states';
import { AcceptJesusButton } from '../../components/salvation/accept-jesus-button';
import { paths } from '../../config/paths';
import { useUpcomingServices } from '../../lib/scheduled-sermons';
import { useSermonName } from '../../lib/sermon-name';
import { useLanguageName } from '../../lib/use-language-name';
import { useMyDashboard } from './api/get-my-dashboard';
import { SermonCards } from './sermon-cards';
import { formattingLocale, interfaceLanguage } from '../../i18n/interface-language';

/**
 * Staff: the church's sermons today and their own recent ones. Members: today's
 * live sermons with Join, their next events, their recent listening and "I accept Jesus".
 */
export function PersonalDashboard({ isMember, hasChurch }: { isMember: boolean; hasChurch: boolean }) {
  const { t, i18n } = useTranslation();
  const languageName = useLanguageName();
  const heading = useHeadingLevel(1);
  const mine = useMyDashboard();
  // The church's next services (docs/decisions/019); the server keeps a member to their own church.
  const services = useUpcomingServices(null, 3);
  const sermonName = useSermonName();
  if (mine.isPending) return <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common.loading')}>{[0, 1, 2].map((i) => <Skeleton key={i} h={80} radius="md" />)}</Stack>;
  if (mine.isError) return <ErrorState error={mine.error} onRetry={() => void mine.refetch()} title={t('analytics.loadFailed')} />;
  const d = mine.data;
  const when = new Intl.DateTimeFormat(formattingLocale(i18n), { dateStyle: 'medium', timeStyle: 'short', timeZone: d.timeZone });
  const section = (id: string, title: string, body: React.ReactNode) => (
    <section aria-labelledby={id}>
      <Title order={heading} size="h4" id={id} mb="xs">{title}</Title>
      {body}
    </section>
  );
  return (
    <Stack gap="lg">
      {!hasChurch && <Text c="dimmed">{t('analytics.noChurchBody')}</Text>}
      {section('today-sermons', isMember ? t('analytics.my.liveToday') : t('analytics.my.today'),
        <SermonCards sermons={d.todaySermons} empty={isMember ? t('analytics.my.noLive') : t('analytics.my.noneToday')} canJoin canOpen={!isMember} />)}
      {!isMember && section('my-sermons', t('analytics.my.mySermons'), <SermonCards sermons={d.mySermons} empty={t('analytics.my.noMySermons')} canJoin={false} canOpen />)}
      {!isMember && (
        <Group gap="md">
          <Anchor component={Link} to={paths.analytics}>{t('analytics.title')}</Anchor>
          <Anchor component={Link} to={paths.followUps}>{t('followUps.title')}</Anchor>
        </Group>
      )}
      {hasChurch && section('upcoming-services', t('schedule.upcomingTitle'),
        <CardList empty={t('schedule.empty')} items={(services.data?.items ?? []).map((s) => ({ id: s.id, title: s.title, detail: when.format(new Date(s.startsAt)) }))} />)}
      {isMember && section('next-events', t('analytics.my.nextEvents'),
        <CardList empty={t('analytics.my.noEvents')} items={d.nextEvents.map((e) => ({ id: e.id, title: e.name, detail: when.format(new Date(e.startsAt)) }))} />)}
      {isMember && section('recent-listening', t('analytics.my.recentListening'),
        <CardList empty={t('analytics.my.noListening')} items={d.recentListening.map((s) => ({
          id: s.id,
          title: `${sermonName(s, { withDate: false })} · ${languageName(s.language)}`,
          detail: `${when.format(new Date(s.startedAt))}${s.durationSeconds ? ` · ${t('analytics.minutes', { count: Math.round(s.durationSeconds / 60) })}` : ''}`,
        }))} />)}
      {isMember && hasChurch && section('my-decision', t('salvation.dashboardTitle'),
        d.acceptedJesusAt ? <Text>{t('salvation.alreadyDecided', { date: when.format(new Date(d.acceptedJesusAt)) })}</Text> : (
          <Stack gap="xs" align="flex-start">
            <Text size="sm" c="dimmed">{t('salvation.dashboardBody')}</Text>
            <AcceptJesusButton language={interfaceLanguage(i18n)} />
          </Stack>
        ))}
    </Stack>
  );
}

/** A short list of cards with a title and a detail line, or an empty state. */
function CardList({ items, empty }: { items: Array<{ id: string; title: string; detail: string }>; empty: string }) {
  if (items.length === 0) return <EmptyList title={empty} />;
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((item) => (
        <Card component="li" key={item.id} withBorder padding="sm" radius="md">
          <Text fw={600}>{item.title}</Text>
          <Text size="sm" c="dimmed">{item.detail}</Text>
        </Card>
      ))}
    </Stack>
  );
}
