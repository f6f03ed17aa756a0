import { useState, type FormEvent } from 'react';
import { Button, Group, NumberInput, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { STREAM_LIMIT_MAX_MINUTES, type ChurchDetails } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { useUpdateStreamLimit } from '../api/update-stream-limit';
import { useHeadingLevel } from '../../../components/heading-level';
import { formattingLocale } from '../../../i18n/interface-language';

/**
 * The weekly streaming allowance (spec section 9): minutes used since Monday in the church's time
 * zone; only a platform admin may change the limit, everyone else sees it.
 */
export function StreamLimitCard({ church }: { church: ChurchDetails }) {
  const sectionOrder = useHeadingLevel(1);
  const { t, i18n } = useTranslation();
  const { liveSettings: s } = church;
  const update = useUpdateStreamLimit(church.id);
  const [limit, setLimit] = useState<number | string>(s.weeklyStreamLimitMinutes);
  const [error, setError] = useState<string | null>(null);
  const used = s.minutesUsedThisWeek;
  const percent = s.weeklyStreamLimitMinutes > 0 ? Math.min(100, (used / s.weeklyStreamLimitMinutes) * 100) : 100;
  const number = new Intl.NumberFormat(formattingLocale(i18n), { maximumFractionDigits: 1 });
  const weekStart = new Intl.DateTimeFormat(formattingLocale(i18n), { dateStyle: 'full', timeStyle: 'short', timeZone: s.timeZone }).format(
    new Date(s.weekStartsAt),
  );

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const value = typeof limit === 'number' ? limit : Number.NaN;
    if (!Number.isInteger(value) || value < 0 || value > STREAM_LIMIT_MAX_MINUTES) {
      setError(t('church.limit.invalid', { max: STREAM_LIMIT_MAX_MINUTES }));
      return;
    }
    if (value === s.weeklyStreamLimitMinutes) {
      notifications.show({ color: 'yellow', message: t('church.noChanges') });
      return;
    }
    setError(null);
    update.mutate(
      { weeklyStreamLimitMinutes: value },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: t('church.limit.saved') }),
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'no_changes') notifications.show({ color: 'yellow', message: t('church.noChanges') });
          else notifications.show({ color: 'red', message: t('church.limit.saveFailed') });
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={sectionOrder} size="h4">
          {t('church.limit.title')}
        </Title>
        <Text>
          {t('church.limit.used', { used: number.format(used), limit: number.format(s.weeklyStreamLimitMinutes) })}
        </Text>
        <Progress
          value={percent}
          color={percent >= 90 ? 'red' : percent >= 70 ? 'yellow' : 'teal'}
          aria-label={t('church.limit.progressLabel')}
          size="lg"
        />
        <Text size="sm" c="dimmed">
          {t('church.limit.left', { left: number.format(s.minutesLeftThisWeek) })} · {t('church.limit.weekStarted', { date: weekStart })}
        </Text>
        {church.canSetStreamLimit ? (
          <form onSubmit={handleSubmit} noValidate>
            <Group align="flex-end" gap="sm">
              <NumberInput
                label={t('church.limit.limitLabel')}
                value={limit}
                onChange={(v) => {
                  setLimit(v);
                  setError(null);
                }}
                min={0}
                max={STREAM_LIMIT_MAX_MINUTES}
                allowDecimal={false}
                allowNegative={false}
                error={error}
                w={220}
              />
              <Button type="submit" loading={update.isPending} mb={error ? 22 : 0}>
                {t('church.limit.save')}
              </Button>
            </Group>
          </form>
        ) : (
          <Text size="sm">{t('church.limit.readOnly', { limit: s.weeklyStreamLimitMinutes })}</Text>
        )}
      </Stack>
    </Paper>
  );
}
