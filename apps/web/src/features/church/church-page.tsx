import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { readStoredUser } from '../../lib/stored-user';
import { useChurch } from './api/get-church';
import { useChurchLanguages } from './api/get-church-languages';
import { LanguageListCard } from './components/language-list-card';
import { LiveSettingsCard } from './components/live-settings-card';
import { RecognitionEnginesCard } from './components/recognition-engines-card';
import { CostPricesCard } from './components/cost-prices-card';
import { VoiceEnginesCard } from './components/voice-engines-card';
import { TranslationEnginesCard } from './components/translation-engines-card';
import { StreamLimitCard } from './components/stream-limit-card';
import { ChurchDetailsCard } from './components/church-details-card';
import { ChurchPhotoCard } from './components/church-photo-card';
import { JoinLinkCard } from './components/join-link-card';
import { ScheduledServicesCard } from '../../components/scheduled-services-card';
import { DeleteChurchCard } from './components/delete-church-card';
import { LivestreamCards } from './components/livestream-cards';
import { useHeadingLevel } from '../../components/heading-level';
import { AppLink } from '../../components/app-link';
import { glossaryHref } from '../../config/paths';

/**
 * `/church` (Manage Church): the details, location, photo and live-translation settings of the
 * person's church; a platform admin opens any church with `?churchId=` (from /churches) and may
 * also delete it there.
 */
export function ChurchPage() {
  const titleOrder = useHeadingLevel();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const churchId = params.get('churchId') || readStoredUser().churchId;
  useDocumentTitle(`${t('church.title')} · ${t('common.appName')}`);
  if (!churchId) {
    return (
      <Stack gap="md">
        <Title order={titleOrder} size="h2">
          {t('church.title')}
        </Title>
        <Alert color="red">{t('church.noChurch')}</Alert>
      </Stack>
    );
  }
  return <ChurchSettings key={churchId} churchId={churchId} />;
}

function ChurchSettings({ churchId }: { churchId: string }) {
  const titleOrder = useHeadingLevel();
  const { t } = useTranslation();
  const church = useChurch(churchId);
  const languages = useChurchLanguages(churchId);

  if (church.isPending) {
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label={t('church.loading')}>
        <Skeleton h={36} w={280} />
        <Skeleton h={90} />
        <Skeleton h={360} />
      </Stack>
    );
  }
  if (church.isError) {
    const notFound = church.error instanceof ApiError && (church.error.status === 404 || church.error.status === 403);
    return (
      <Stack gap="md">
        <Title order={titleOrder} size="h2">
          {t('church.title')}
        </Title>
        <Alert color="red" title={notFound ? t('church.notFound') : t('church.loadFailed')}>
          {!notFound && (
            <Button size="xs" variant="light" onClick={() => void church.refetch()}>
              {t('church.retry')}
            </Button>
          )}
        </Alert>
      </Stack>
    );
  }

  const c = church.data;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={titleOrder} size="h2">
          {c.canSetStreamLimit ? c.name : t('church.title')}
        </Title>
        <Text c="dimmed">{t('church.subtitle')}</Text>
      </Stack>
      <ChurchDetailsCard key={`${c.id}-details`} church={c} />
      <ChurchPhotoCard church={c} />
      <JoinLinkCard key={`${c.id}-${c.joinCode}`} church={c} />
      <ScheduledServicesCard churchId={c.id} timeZone={c.liveSettings.timeZone} canManage={c.canEdit} goLiveLanguages={languages.data?.goLive ?? []} />
      {!c.canEdit && <Alert color="blue">{t('church.readOnly')}</Alert>}
      <LiveSettingsCard key={`${c.id}-settings`} church={c} />
      <TranslationEnginesCard church={c} />
      <RecognitionEnginesCard church={c} />
      <VoiceEnginesCard church={c} />
      {c.canEdit && <CostPricesCard churchId={c.id} />}
      <StreamLimitCard key={`${c.id}-${c.liveSettings.weeklyStreamLimitMinutes}`} church={c} />
      {languages.isPending ? (
        <Skeleton h={220} />
      ) : languages.isError ? (
        <Alert color="red" title={t('church.languages.loadFailed')}>
          <Button size="xs" variant="light" onClick={() => void languages.refetch()}>
            {t('church.retry')}
          </Button>
        </Alert>
      ) : (
        <>
          <LanguageListCard churchId={c.id} list="go_live" languages={languages.data.goLive} canEdit={c.canEdit} />
          <LanguageListCard churchId={c.id} list="join_live" languages={languages.data.joinLive} canEdit={c.canEdit} />
        </>
      )}
      {c.canEdit && languages.data && <LivestreamCards churchId={c.id} languages={[...languages.data.goLive, ...languages.data.joinLive]} />}
      {c.canEdit && <GlossaryCard churchId={c.id} />}
      {c.canSetStreamLimit && <DeleteChurchCard church={c} />}
    </Stack>
  );
}

/** Where the church's glossary and its listeners' flags are managed (decision 025). */
function GlossaryCard({ churchId }: { churchId: string }) {
  const sectionOrder = useHeadingLevel(1);
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={sectionOrder} size="h4">{t('glossary.title')}</Title>
        <Text size="sm" c="dimmed">{t('glossary.cardHint')}</Text>
        <Group gap="sm">
          <Button component={AppLink} href={glossaryHref('church', churchId)} variant="light">{t('glossary.open')}</Button>
          <Button component={AppLink} href={glossaryHref('flags', churchId)} variant="default">{t('glossary.tabs.flags')}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export { ChurchPage as Component };
