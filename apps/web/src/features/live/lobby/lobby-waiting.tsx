import { useState } from 'react';
import { Alert, Button, Card, Image, NativeSelect, Stack, Switch, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { LobbyInfo, VoiceGender } from '@app/shared';
import { href } from '../../../config/paths';
import { AppLink } from '../../../components/app-link';
import { listenerLanguageLabel } from '../../../lib/language-label';
import { TOUCH_PX } from '../listener/touch';
import { readListenerPrefs, saveListenerPrefs } from '../listener/listener-prefs';
import { VoiceKindControl } from '../listener/voice-kind-control';
import { formatStart, timeLeft, useNow } from './countdown';
import { formattingLocale, interfaceLanguage } from '../../../i18n/interface-language';

/** The lobby before the service: the church, the next service counting down, the visitor's choices. */
export function LobbyWaiting({ info, language, onLanguage }: { info: LobbyInfo; language: string; onLanguage: (code: string) => void }) {
  const { t, i18n } = useTranslation();
  const { church } = info;
  const [voiceOn, setVoiceOn] = useState(() => readListenerPrefs().voiceOn);
  const [gender, setGender] = useState<VoiceGender>(() => readListenerPrefs().gender);
  const voices = info.languages.find((l) => l.code === language)?.voices ?? [];
  useDocumentTitle(`${church.name} · ${t('common.appName')}`);
  const next = info.upcoming[0];

  const handleVoice = (on: boolean) => {
    setVoiceOn(on);
    saveListenerPrefs({ voiceOn: on });
  };
  // The live view opens with the same voice (spec: language and voice chosen before the start).
  const handleGender = (next: VoiceGender) => {
    setGender(next);
    saveListenerPrefs({ gender: next });
  };

  return (
    <Stack gap="md" py="xs">
      {church.imageUrl && <Image src={church.imageUrl} alt={t('lobby.churchPhoto', { church: church.name })} h={160} radius="md" fit="cover" />}
      <Title order={1} size="h2">{church.name}</Title>
      <Card withBorder radius="md" padding="md">
        {next ? <NextService title={next.title} startsAt={next.startsAt} timeZone={church.timeZone} locale={formattingLocale(i18n)} /> : <Text>{t('lobby.noService')}</Text>}
      </Card>
      {/* A native select, as on the live view: the phone's own picker, and no popover code to download. */}
      <NativeSelect
        label={t('lobby.language')}
        size="lg"
        data={info.languages.map((l) => ({ value: l.code, label: listenerLanguageLabel(l.code, l.nativeName, l.name, interfaceLanguage(i18n)) }))}
        value={language}
        onChange={(e) => onLanguage(e.currentTarget.value)}
      />
      <Switch size="lg" label={t('lobby.voice')} checked={voiceOn} onChange={(e) => handleVoice(e.currentTarget.checked)} />
      {voiceOn && <VoiceKindControl voices={voices} gender={gender} onGender={handleGender} size="md" />}
      <Alert color="blue" title={t('lobby.readyTitle')}>
        {t('lobby.ready')}
      </Alert>
      {info.lastEnded && (
        <Button component={AppLink} href={href.sermonJoin(info.lastEnded.broadcastId, church.id)} variant="light" mih={TOUCH_PX}>
          {t('lobby.lastTranscript')}
        </Button>
      )}
    </Stack>
  );
}

function NextService({ title, startsAt, timeZone, locale }: { title: string; startsAt: string; timeZone: string; locale: string }) {
  const { t } = useTranslation();
  const left = timeLeft(startsAt, useNow());
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed" tt="uppercase" fw={600}>{t('lobby.nextService')}</Text>
      <Title order={2} size="h3">{title}</Title>
      <Text>{formatStart(startsAt, timeZone, locale)}</Text>
      {left ? (
        <Text size="xl" fw={700} role="timer" aria-label={t('lobby.startsIn')}>
          {t('lobby.startsIn')} {left.days > 0 ? `${t('lobby.days', { count: left.days })} ` : ''}{left.clock}
        </Text>
      ) : (
        <Text size="xl" fw={700}>{t('lobby.startingSoon')}</Text>
      )}
    </Stack>
  );
}
