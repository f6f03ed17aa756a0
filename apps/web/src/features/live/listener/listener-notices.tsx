import { lazy, Suspense } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { IconExternalLink, IconVolume } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { AppLink } from '../../../components/app-link';
import { loadAllTranslations } from '../../../i18n';
import { readStoredUser } from '../../../lib/stored-user';
import { TOUCH_PX } from './touch';

// Only once the sermon has ended, and its feedback form needs the text of the screens beyond the
// listener's (i18n/locale-sections.ts): neither belongs in what a phone downloads to listen.
const TranslationPrompt = lazy(() =>
  Promise.all([import('../../../components/feedback/translation-prompt'), loadAllTranslations()]).then(([m]) => ({ default: m.TranslationPrompt })),
);

/**
 * The ways off the listening screen for a signed-in person, who otherwise had none but closing it:
 * the list of live sermons, the dashboard, and Messages in a new tab so that the sermon keeps playing
 * here while they read (the listener entry has no menu: decision 018).
 */
export function ListenerWayOut({ listHref }: { listHref: string | null }) {
  const { t } = useTranslation();
  if (!readStoredUser().userId) return <BackToList href={listHref} />;
  const style = { display: 'inline-flex', alignItems: 'center', gap: 4 } as const;
  return (
    <Group component="nav" aria-label={t('live.listener.wayOut.label')} gap="md" style={{ flexShrink: 0 }}>
      <BackToList href={listHref} />
      <Anchor component={AppLink} href={paths.dashboard} size="sm" mih={TOUCH_PX} style={style}>{t('live.listener.wayOut.dashboard')}</Anchor>
      <Anchor href={paths.messages} target="_blank" rel="noopener" size="sm" mih={TOUCH_PX} style={style} aria-label={t('live.listener.wayOut.messagesNewTab')}>
        {t('live.listener.wayOut.messages')}
        <IconExternalLink size={14} aria-hidden />
      </Anchor>
    </Group>
  );
}

/** A link back to the list of live sermons, where the screen has one. */
export function BackToList({ href }: { href: string | null }) {
  const { t } = useTranslation();
  if (!href) return null;
  return (
    <Anchor component={AppLink} href={href} size="sm" mih={TOUCH_PX} style={{ display: 'inline-flex', alignItems: 'center', flexShrink: 0 }}>
      {t('live.listener.backToList')}
    </Anchor>
  );
}

/** Listening needs a signed-in member here: why, and the way to sign in. */
export function SignInNotice({ title, body }: { title: string; body: string }) {
  const { t } = useTranslation();
  return (
    <Alert style={{ flexShrink: 0 }} color="blue" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{body}</Text>
        <Button component={AppLink} href={paths.signIn} size="sm">
          {t('live.listener.signIn')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** The sermon could not be loaded: signed out, not found (or another church's), or a failure to retry. */
export function ListenerLoadError({ status, titleOrder, listHref, onRetry }: { status: number; titleOrder: TitleOrder; listHref: string | null; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" py="md">
      <Title order={titleOrder} size="h3">
        {t('live.listener.title')}
      </Title>
      {status === 401 || status === 403 ? (
        <SignInNotice title={t('live.listener.signInTitle')} body={t('live.listener.signInBody')} />
      ) : status === 404 ? (
        <Alert style={{ flexShrink: 0 }} color="yellow" title={t('live.listener.notFoundTitle')}>
          {t('live.listener.notFoundBody')}
        </Alert>
      ) : (
        <Alert style={{ flexShrink: 0 }} color="red" title={t('live.listener.fetchFailed')}>
          <Button size="xs" variant="light" onClick={onRetry}>
            {t('live.common.retry')}
          </Button>
        </Alert>
      )}
      <BackToList href={listHref} />
    </Stack>
  );
}

/** The sermon has ended: why, the transcript to read, and the feedback prompt. */
export function EndedNotice({ reason, sermonId, language, showingTranscript, onReadTranscript }: {
  reason: string | undefined;
  sermonId: string;
  language: string;
  showingTranscript: boolean;
  onReadTranscript: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert style={{ flexShrink: 0 }} color="gray" title={t('live.listener.endedTitle')}>
      <Stack gap="xs" align="flex-start">
        {reason && reason !== 'stopped' && <Text size="sm">{t(`live.endReasons.${reason}`)}</Text>}
        {!showingTranscript && (
          <Button size="sm" mih={TOUCH_PX} variant="light" onClick={onReadTranscript}>
            {t('live.listener.readTranscript')}
          </Button>
        )}
        <Suspense fallback={null}>
          <TranslationPrompt sermonId={sermonId} language={language} />
        </Suspense>
      </Stack>
    </Alert>
  );
}

/** What went wrong joining or listening, until dismissed. */
export function ProblemNotice({ problem, onDismiss }: { problem: string; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert style={{ flexShrink: 0 }} color="red" role="alert" withCloseButton closeButtonLabel={t('live.common.dismiss')} onClose={onDismiss}>
      {t(`live.listener.problems.${problem}`)}
      {(problem === 'guestsNotAllowed' || problem === 'guestsTurnedOff') && (
        <>
          {' '}
          <Anchor component={AppLink} href={paths.signIn}>
            {t('live.listener.signIn')}
          </Anchor>
        </>
      )}
    </Alert>
  );
}

/** The browser would not play sound before a tap (iOS): one tap here allows it. */
export function SoundBlockedNotice({ onEnable }: { onEnable: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert style={{ flexShrink: 0 }} color="blue" icon={<IconVolume />}>
      <Group gap="sm">
        <Text size="sm">{t('live.listener.soundBlocked')}</Text>
        <Button size="sm" mih={TOUCH_PX} onClick={onEnable}>
          {t('live.listener.enableSound')}
        </Button>
      </Group>
    </Alert>
  );
}
