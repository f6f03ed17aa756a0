import { Alert, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SpeakerProblem } from './use-speaker-session';

/** The session's problems (red when going live cannot work, yellow otherwise), dismissible when `onDismiss` is given. */
export function ProblemAlerts({ problems, onDismiss }: { problems: SpeakerProblem[]; onDismiss?: (code: SpeakerProblem['code']) => void }) {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  return (
    <Stack gap="xs">
      {problems.map((p) => (
        <Alert
          key={p.code}
          color={p.fatal ? 'red' : 'yellow'}
          icon={<IconAlertTriangle />}
          withCloseButton={Boolean(onDismiss)}
          closeButtonLabel={t('live.common.dismiss')}
          onClose={() => onDismiss?.(p.code)}
          role="alert"
        >
          {t(`live.speaker.errors.${p.code}`)}
        </Alert>
      ))}
    </Stack>
  );
}
