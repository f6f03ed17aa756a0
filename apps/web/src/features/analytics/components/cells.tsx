import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formattingLocale } from '../../../i18n/interface-language';

export function DateTime({ iso }: { iso: string | null }) {
  const { i18n } = useTranslation();
  if (!iso) return <>–</>;
  return <>{new Intl.DateTimeFormat(formattingLocale(i18n), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))}</>;
}

export function Duration({ seconds }: { seconds: number | null }) {
  const { t } = useTranslation();
  if (seconds === null) return <>–</>;
  return <>{t('analytics.minutes', { count: Math.round(seconds / 60) })}</>;
}

export function FollowUpBadge({ status }: { status: string | null }) {
  const { t } = useTranslation();
  if (!status) return <>–</>;
  const color = { new: 'blue', contacted: 'yellow', connected: 'teal', closed: 'gray' }[status] ?? 'gray';
  return <Badge color={color} variant="light">{t(`followUps.status.${status}`)}</Badge>;
}
