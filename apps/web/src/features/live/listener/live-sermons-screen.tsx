import { Alert, Badge, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconBroadcast, IconHeadphones, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { href } from '../../../config/paths';
import { AppLink } from '../../../components/app-link';
import { ApiError } from '../../../lib/api-client';
import { readStoredUser } from '../../../lib/stored-user';
import { useMySessions } from '../api/get-my-sessions';
import { useLiveSermonsForListeners } from '../api/get-sermons';
import { languageName } from '../../../lib/language-label';
import { useHeadingLevel } from '../../../components/heading-level';
import { formattingLocale, interfaceLanguage } from '../../../i18n/interface-language';
import { SignInNotice } from './listener-notices';

/**
 * The church's live sermons (polled, so one that starts appears by itself) and the person's previous
 * sessions. `/live-sermon-translator` in the admin layout and `/joinlive` on phones share it; they
 * differ only in where a sermon's link leads.
 */
export function LiveSermonsScreen({
  churchId,
  sermonHref,
}: {
  churchId: string;
  sermonHref: (broadcastId: string, churchId: string) => string;
}) {
  const titleOrder = useHeadingLevel();
  const sectionOrder = useHeadingLevel(1);
  const { t, i18n } = useTranslation();
  const live = useLiveSermonsForListeners(churchId);
  const { userEmail, userId } = readStoredUser();
  const mine = useMySessions(Boolean(userEmail || userId));
  const dateTime = new Intl.DateTimeFormat(formattingLocale(i18n), { dateStyle: 'medium', timeStyle: 'short' });
  const time = new Intl.DateTimeFormat(formattingLocale(i18n), { timeStyle: 'short' });
  const signedOut = live.error instanceof ApiError && live.error.status === 401;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={titleOrder} size="h2">
            {t('live.sermons.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('live.sermons.intro')}
          </Text>
        </Stack>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconRefresh size={16} />}
          onClick={() => void live.refetch()}
          loading={live.isFetching && !live.isPending}
        >
          {t('live.sermons.refresh')}
        </Button>
      </Group>

      <Stack gap="sm" aria-busy={live.isPending}>
        {live.isPending ? (
          <Center py="lg">
            <Loader aria-label={t('live.common.loading')} />
          </Center>
        ) : signedOut ? (
          <SignInNotice title={t('live.sermons.signInTitle')} body={t('live.sermons.signInBody')} />
        ) : live.isError ? (
          <Alert color="red" title={t('live.sermons.loadFailed')}>
            <Button size="xs" variant="light" onClick={() => void live.refetch()}>
              {t('live.common.retry')}
            </Button>
          </Alert>
        ) : live.data.items.length === 0 ? (
          <Card withBorder radius="md" p="lg">
            <Stack align="center" gap="xs">
              <IconBroadcast size={36} stroke={1.5} aria-hidden />
              <Text fw={600}>{t('live.sermons.none')}</Text>
              <Text size="sm" c="dimmed" ta="center">
                {t('live.sermons.noneHint')}
              </Text>
            </Stack>
          </Card>
        ) : (
          live.data.items.map((s) => (
            <Card key={s.id} withBorder radius="md" p="md">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Stack gap={2}>
                  <Group gap="xs">
                    <Badge color={s.status === 'paused' ? 'yellow' : 'red'} variant="filled">
                      {s.status === 'paused' ? t('live.speaker.paused') : t('live.speaker.live')}
                    </Badge>
                    <Text fw={600}>{s.churchName ?? t('live.sermons.sermon')}</Text>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {[
                      // The service's title names the sermon before its preacher (decision 019).
                      s.title,
                      s.hostName,
                      t('live.listener.startedAt', { time: time.format(new Date(s.startedAt)) }),
                      languageName(s.sourceLanguage, s.sourceLanguage, interfaceLanguage(i18n)),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Stack>
                <Button
                  component={AppLink}
                  href={sermonHref(s.broadcastId, s.churchId)}
                  size="md"
                  leftSection={<IconHeadphones size={18} />}
                  aria-label={t('live.sermons.joinLabel', { host: s.hostName ?? t('live.sermons.sermon') })}
                >
                  {t('live.sermons.join')}
                </Button>
              </Group>
            </Card>
          ))
        )}
      </Stack>

      {(userEmail || userId) && !signedOut && (
        <Stack gap="sm">
          <Title order={sectionOrder} size="h4">
            {t('live.sermons.previousTitle')}
          </Title>
          {mine.isPending ? (
            <Loader size="sm" aria-label={t('live.common.loading')} />
          ) : mine.isError ? (
            <Alert color="red">{t('live.sermons.previousFailed')}</Alert>
          ) : mine.data.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('live.sermons.previousNone')}
            </Text>
          ) : (
            mine.data.items.map((session) => (
              <Card key={session.id} withBorder radius="md" p="sm">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={0}>
                    <Text fw={500}>{dateTime.format(new Date(session.startedAt))}</Text>
                    <Text size="sm" c="dimmed">
                      {[
                        session.churchName,
                        session.title,
                        session.hostName,
                        languageName(session.language, session.language, interfaceLanguage(i18n)),
                        session.durationSeconds !== null
                          ? t('live.common.minutes', { count: Math.max(1, Math.round(session.durationSeconds / 60)) })
                          : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </Stack>
                  <Group gap="xs">
                    <Button component={AppLink} href={sermonHref(session.broadcastId, session.churchId)} variant="light" size="sm">
                      {session.sermonStatus === 'ended' ? t('live.sermons.readTranscript') : t('live.sermons.join')}
                    </Button>
                    {session.sermonStatus === 'ended' && (
                      <Button component={AppLink} href={href.listenAgain(session.sermonId, session.language)} variant="default" size="sm">{t('live.sermons.listenAgain')}</Button>
                    )}
                  </Group>
                </Group>
              </Card>
            ))
          )}
        </Stack>
      )}
    </Stack>
  );
}
