import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/confirm-button';
import { api } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';

/**
 * For a platform administrator: resets a person's two-step sign-in when they lost their phone and
 * recovery codes (decision 023). The server audits it and mails the person.
 */
export function ResetTwoStepButton({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const reset = useMutation({ mutationFn: () => api<void>(`/users/${encodeURIComponent(userId)}/two-step`, { method: 'DELETE' }) });
  return (
    <ConfirmButton
      variant="light"
      size="xs"
      loading={reset.isPending}
      confirm={{
        title: t('security.twoStep.reset'),
        message: t('security.twoStep.resetConfirm'),
        confirmLabel: t('security.twoStep.reset'),
        onConfirm: () =>
          reset.mutate(undefined, {
            onSuccess: () => notifications.show({ color: 'green', message: t('security.twoStep.resetDone') }),
            onError: (err) => notifications.show({ color: 'red', message: errorMessage(err, t) }),
          }),
      }}
    >
      {t('security.twoStep.reset')}
    </ConfirmButton>
  );
}
