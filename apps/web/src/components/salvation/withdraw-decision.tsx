import { Alert, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Me } from '@app/shared';
import { api } from '../../lib/api-client';
import { ConfirmButton } from '../confirm-button';
import { formattingLocale } from '../../i18n/interface-language';

/** On the profile: a person who accepted Jesus may withdraw that decision (decision 014). */
export function WithdrawDecision() {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const me = useQuery({ queryKey: ['me'], queryFn: () => api<Me>('/me') });
  const withdraw = useMutation({
    mutationFn: () => api<void>('/salvations/mine', { method: 'DELETE' }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['me'] });
      void qc.invalidateQueries({ queryKey: ['analytics'] });
    },
  });
  if (!me.data?.acceptedJesus) return withdraw.isSuccess ? <Alert color="teal">{t('salvation.withdrawn')}</Alert> : null;
  const date = me.data.acceptedJesusAt ? new Intl.DateTimeFormat(formattingLocale(i18n), { dateStyle: 'long' }).format(new Date(me.data.acceptedJesusAt)) : '';
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{t('salvation.alreadyDecided', { date })}</Text>
      {withdraw.isError && <Alert color="red" role="alert">{t('salvation.failed')}</Alert>}
      <ConfirmButton
        variant="light"
        loading={withdraw.isPending}
        confirm={{ title: t('salvation.withdrawTitle'), message: t('salvation.withdrawBody'), confirmLabel: t('salvation.withdraw'), onConfirm: () => withdraw.mutate() }}
      >
        {t('salvation.withdraw')}
      </ConfirmButton>
    </Stack>
  );
}
