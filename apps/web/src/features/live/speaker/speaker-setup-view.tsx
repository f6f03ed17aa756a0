import { Alert, Button, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconMicrophone, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChurchLanguage, ScheduledSermon, Sermon } from '@app/shared';
import { useHeadingLevel, useOwnTitle } from '../../../components/heading-level';
import type { useGoLiveLanguages } from '../api/get-go-live-languages';
import { languageName } from '../../../lib/language-label';
import { ChurchSermonsPanel } from './church-sermons-panel';
import { DueServiceStart } from './due-service';
import { GoLiveSchedule } from './go-live-schedule';
import { LobbyWaitingPanel } from './lobby-waiting-panel';
import { PreparedPanel } from './prepared-panel';
import { ProblemAlerts } from './problem-alerts';
import { TranslatorNote } from './translator-note';
import type { SpeakerSession } from './speaker-live-view';
import type { SpeakerProblem } from './use-speaker-session';
import type { SpeechEngine } from './use-speech-engine';
import { formattingLocale, interfaceLanguage } from '../../../i18n/interface-language';

interface SetupViewProps {
  churchId: string;
  canManage: boolean;
  session: SpeakerSession;
  engine: SpeechEngine;
  languages: ReturnType<typeof useGoLiveLanguages>;
  goLiveList: ChurchLanguage[];
  selected: ChurchLanguage | undefined;
  onSelect: (code: string | null) => void;
  names: Record<string, string>;
  /** A sermon this speaker left live, offered to continue. */
  myLiveSermon: Sermon | undefined;
  onStart: () => void;
  onStartService: (service: ScheduledSermon) => void;
  onResume: (sermon: Sermon) => void;
}

/** Before going live: the spoken language, a due service, the lobby, prepared texts and the schedule. */
export function SpeakerSetupView(props: SetupViewProps) {
  const { churchId, canManage, session, engine, languages, goLiveList, selected, names, myLiveSermon } = props;
  const titleOrder = useHeadingLevel();
  const ownTitle = useOwnTitle();
  const { t, i18n } = useTranslation();

  // Found before starting; going live still works, by typing lines.
  const preflightProblems: SpeakerProblem[] = [
    ...(engine.kind === 'none' ? [{ code: 'notSupported' as const, fatal: false }] : []),
    ...(engine.hasMicrophone === false && engine.kind !== 'none' ? [{ code: 'noMicrophone' as const, fatal: false }] : []),
  ].filter((p) => !session.problems.some((q) => q.code === p.code));

  const engineNote =
    engine.kind === 'server'
      ? t('live.speaker.engineServer')
      : engine.kind === 'azure'
      ? t('live.speaker.engineAzure')
      : engine.kind === 'browser'
        ? t('live.speaker.engineBrowser')
        : engine.kind === 'none'
          ? t('live.speaker.engineNone')
          : t('live.speaker.engineChecking');

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        {ownTitle && (
          <Title order={titleOrder} size="h2">
            {t('live.speaker.title')}
          </Title>
        )}
        <Text c="dimmed">{t('live.speaker.intro')}</Text>
      </Stack>
      <ProblemAlerts problems={session.problems} onDismiss={session.dismiss} />
      <ProblemAlerts problems={preflightProblems} />
      {engine.failing.length > 0 && (
        // Found before the sermon, not in the middle of it (decision 038).
        <Alert color="yellow" role="status" title={t('live.speaker.recognition.failingTitle')}>
          {t('live.speaker.recognition.failingBody', { engines: engine.failing.map((k) => t(`recognitionEngines.names.${k}`)).join(', ') })}
        </Alert>
      )}
      {myLiveSermon && (
        <Alert color="orange" title={t('live.speaker.alreadyLiveTitle')}>
          <Stack gap="xs">
            <Text size="sm">
              {t('live.speaker.alreadyLiveBody', {
                time: new Intl.DateTimeFormat(formattingLocale(i18n), { timeStyle: 'short' }).format(new Date(myLiveSermon.startedAt)),
              })}
            </Text>
            <Group gap="xs">
              <Button size="xs" onClick={() => props.onResume(myLiveSermon)}>
                {t('live.speaker.continue')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      <DueServiceStart churchId={churchId} disabled={engine.kind === null || goLiveList.length === 0} loading={session.phase === 'starting'} onStart={props.onStartService} />
      <Paper withBorder p="md" radius="md" maw={560}>
        {languages.isPending ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text>{t('live.common.loading')}</Text>
          </Group>
        ) : languages.isError ? (
          <Alert color="red" title={t('live.speaker.languagesFailed')}>
            <Button size="xs" variant="light" onClick={() => void languages.refetch()}>
              {t('live.common.retry')}
            </Button>
          </Alert>
        ) : goLiveList.length === 0 ? (
          <Alert color="yellow">{t('live.speaker.noLanguages')}</Alert>
        ) : (
          <Stack gap="md">
            <Select
              label={t('live.speaker.spokenLanguage')}
              data={goLiveList.map((l) => ({ value: l.code, label: languageName(l.code, l.name, interfaceLanguage(i18n)) }))}
              value={selected?.code ?? null}
              onChange={props.onSelect}
              allowDeselect={false}
              size="md"
              comboboxProps={{ withinPortal: true }}
            />
            {/* With no microphone the alert above says what to do; "speech is recognised by this
                browser" beneath it would say the opposite. */}
            {engine.hasMicrophone !== false && (
              <Group gap="xs">
                <IconMicrophone size={16} aria-hidden />
                <Text size="sm" c="dimmed">
                  {engineNote}
                </Text>
              </Group>
            )}
            <TranslatorNote churchId={churchId} primary={engine.translator?.primary ?? null} failover={engine.translator?.failover} canManage={canManage} />
            <Button
              size="lg"
              onClick={props.onStart}
              loading={session.phase === 'starting'}
              disabled={!selected || engine.kind === null}
              leftSection={<IconPlayerPlay size={20} />}
            >
              {t('live.speaker.start')}
            </Button>
          </Stack>
        )}
      </Paper>
      <LobbyWaitingPanel churchId={churchId} names={names} />
      <GoLiveSchedule churchId={churchId} goLiveLanguages={goLiveList} />
      <PreparedPanel churchId={churchId} sourceLanguage={selected?.code} isLive={false} onSend={() => undefined} />
      {canManage && <ChurchSermonsPanel churchId={churchId} />}
    </Stack>
  );
}
