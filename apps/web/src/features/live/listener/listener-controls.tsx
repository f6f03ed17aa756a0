import { ActionIcon, Group, NativeSelect, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconLetterCaseToggle, IconMinus, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { VoiceGender } from '@app/shared';
import { TEXT_SIZES } from './listener-prefs';
import { TOUCH_PX, touchLabel } from './touch';
import { VoiceKindControl } from './voice-kind-control';

/**
 * The listener's settings as one compact bar under the captions: it keeps its height whatever
 * happens, so the captions above it (which take the rest of the screen) are never pushed away.
 */
export function ListenerControls({
  languageOptions,
  language,
  onLanguage,
  voiceMode,
  voiceOn,
  onVoice,
  serverVoices,
  gender,
  onGender,
  sizeIndex,
  onSize,
  isEnded,
}: {
  languageOptions: Array<{ value: string; label: string }>;
  language: string;
  onLanguage: (code: string) => void;
  voiceMode: 'server' | 'device' | 'none';
  voiceOn: boolean;
  onVoice: (on: boolean) => void;
  serverVoices: VoiceGender[];
  gender: VoiceGender;
  onGender: (gender: VoiceGender) => void;
  sizeIndex: number;
  onSize: (delta: number) => void;
  isEnded: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Paper component="section" aria-label={t('live.listener.settings')} withBorder p="xs" radius="md" style={{ flexShrink: 0 }}>
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap" align="center">
          {/* The phone's own picker: big, familiar, and no popover code for the listener to download. */}
          <NativeSelect
            label={t('live.listener.language')}
            data={languageOptions}
            value={language}
            onChange={(e) => onLanguage(e.currentTarget.value)}
            size="md"
            style={{ flex: 1, minWidth: 0 }}
            styles={{ input: { minHeight: TOUCH_PX }, label: { fontSize: 'var(--mantine-font-size-xs)' } }}
          />
        </Group>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="sm" wrap="nowrap">
            <Switch
              size="md"
              label={t('live.listener.voice')}
              checked={voiceOn && voiceMode !== 'none'}
              disabled={voiceMode === 'none' || isEnded}
              onChange={(e) => onVoice(e.currentTarget.checked)}
              // The track lets taps through to the switch itself, so the whole control answers as one.
              styles={{ body: { alignItems: 'center' }, track: { minHeight: 28, pointerEvents: 'none' }, label: touchLabel }}
            />
            {voiceMode === 'server' && (
              <VoiceKindControl voices={serverVoices} gender={gender} onGender={onGender} disabled={!voiceOn || isEnded} />
            )}
          </Group>
          <Group gap={4} wrap="nowrap" role="group" aria-label={t('live.listener.textSize')}>
            <IconLetterCaseToggle size={18} aria-hidden />
            <ActionIcon
              variant="default"
              size={TOUCH_PX}
              onClick={() => onSize(-1)}
              disabled={sizeIndex === 0}
              aria-label={t('live.listener.smallerText')}
            >
              <IconMinus size={20} />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size={TOUCH_PX}
              onClick={() => onSize(1)}
              disabled={sizeIndex === TEXT_SIZES.length - 1}
              aria-label={t('live.listener.largerText')}
            >
              <IconPlus size={20} />
            </ActionIcon>
          </Group>
        </Group>
        {voiceMode === 'device' && voiceOn && (
          <Text size="xs" c="dimmed">
            {t('live.listener.deviceVoiceNote')}
          </Text>
        )}
        {voiceMode === 'none' && (
          <Text size="xs" c="dimmed">
            {t('live.listener.noVoice')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
