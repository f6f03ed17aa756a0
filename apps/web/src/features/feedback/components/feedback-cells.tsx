import { Badge, Group, Stack, Text } from '@mantine/core';
import type { Feedback } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { formattingLocale } from '../../../i18n/interface-language';

const qualityColor = { Good: 'green', Average: 'yellow', Poor: 'red' } as const;

export function FeedbackTypeBadge({ type }: { type: Feedback['type'] }) {
  const { t } = useTranslation();
  return <Badge variant="light" tt="none" color={type === 'Complaint' ? 'red' : type === 'Suggestion' ? 'blue' : 'gray'}>{t(`feedback.types.${type}`)}</Badge>;
}

export function AudioQualityBadge({ quality }: { quality: Feedback['audioQuality'] }) {
  const { t } = useTranslation();
  if (!quality) return <Text size="sm" c="dimmed">—</Text>;
  return <Badge variant="dot" tt="none" color={qualityColor[quality]}>{t(`feedback.audio.${quality}`)}</Badge>;
}

/** Who sent it; a deleted account shows as such (its feedback stays, anonymous). */
export function feedbackAuthor(f: Feedback, t: (key: string) => string): string {
  return f.userName ?? t('feedback.list.deletedPerson');
}

export const shortDateTime = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** One piece of feedback as a card on a phone. */
export function FeedbackCard({ item, onOpen }: { item: Feedback; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={500} component="button" type="button" onClick={onOpen} style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer', textAlign: 'left', color: 'var(--mantine-color-anchor)' }}>
          {feedbackAuthor(item, t)}
        </Text>
        <Group gap={4} wrap="nowrap"><FeedbackTypeBadge type={item.type} /><AudioQualityBadge quality={item.audioQuality} /></Group>
      </Group>
      <Text size="sm" lineClamp={2}>{item.comment}</Text>
      <Text size="xs" c="dimmed">{[shortDateTime(item.createdAt, formattingLocale(i18n)), item.churchName].filter(Boolean).join(' · ')}</Text>
    </Stack>
  );
}
