import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VoiceGender } from '@app/shared';
import { touchLabel } from './touch';

/**
 * Female or male server voice, offered when the language has both; shared by the live listener bar
 * and the lobby, which both remember the choice in the listener's preferences on the phone.
 */
export function VoiceKindControl({ voices, gender, onGender, disabled, size = 'sm' }: {
  voices: VoiceGender[];
  gender: VoiceGender;
  onGender: (gender: VoiceGender) => void;
  disabled?: boolean;
  size?: 'sm' | 'md' | 'lg';
}) {
  const { t } = useTranslation();
  if (voices.length < 2) return null;
  return (
    <SegmentedControl
      size={size}
      aria-label={t('live.listener.voiceKind')}
      value={voices.includes(gender) ? gender : voices[0]!}
      onChange={(value) => onGender(value === 'male' ? 'male' : 'female')}
      disabled={disabled}
      data={voices.map((v) => ({ value: v, label: t(`live.listener.${v}`) }))}
      styles={{ label: touchLabel }}
    />
  );
}
