import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconShieldLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useTwoStepStatus } from '../api/security';
import { DisableModal } from './disable-modal';
import { EnrolModal } from './enrol-modal';

/** Manage Profile's "Two-step sign-in" (decision 023): on or off, set up, turn off, recovery codes left. */
export function TwoStepSection() {
  const { t } = useTranslation();
  const status = useTwoStepStatus();
  const [enrolOpened, enrol] = useDisclosure(false);
  const [disableOpened, disable] = useDisclosure(false);
  const s = status.data;
  const { hash } = useLocation();
  const mustEnrol = !!s?.mustEnrol;
  const openEnrol = enrol.open;

  // Sign-in sends an administrator who must use two-step sign-in here (#two-step): start at once.
  useEffect(() => {
    if (hash !== '#two-step' || !s) return;
    document.getElementById('two-step')?.scrollIntoView({ block: 'start' });
    if (mustEnrol) openEnrol();
  }, [hash, s, mustEnrol, openEnrol]);

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} id="two-step" component="section" aria-labelledby="two-step-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id="two-step-title">{t('security.twoStep.title')}</Title>
          {s && <Badge color={s.enabled ? 'green' : 'gray'} variant="dot">{s.enabled ? t('security.twoStep.on') : t('security.twoStep.off')}</Badge>}
        </Group>
        <Text size="sm" c="dimmed">{t('security.twoStep.intro')}</Text>
        {status.isPending && <Skeleton h={36} />}
        {status.isError && <Alert color="red" role="alert">{errorMessage(status.error, t)}</Alert>}
        {s?.mustEnrol && <Alert color="yellow" role="alert" icon={<IconShieldLock aria-hidden />}>{t('security.twoStep.mustEnrol')}</Alert>}
        {s && (
          <Group justify="space-between" wrap="wrap" gap="sm">
            {s.enabled ? <Text size="sm">{t('security.twoStep.codesLeft', { count: s.recoveryCodesLeft })}</Text> : <span />}
            {s.enabled ? (
              <Button variant="default" color="red" onClick={disable.open}>{t('security.twoStep.disable')}</Button>
            ) : (
              <Button leftSection={<IconShieldLock size={16} aria-hidden />} onClick={enrol.open}>{t('security.twoStep.start')}</Button>
            )}
          </Group>
        )}
      </Stack>
      <EnrolModal opened={enrolOpened} onClose={enrol.close} />
      <DisableModal opened={disableOpened} onClose={disable.close} />
    </Paper>
  );
}
