import { Alert, Button, Grid, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconDownload, IconLock } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { clearStoredUserKeepLanguage } from '../../lib/stored-user';
import { useMe } from './api/get-me';
import { ChangePasswordModal } from './components/change-password-modal';
import { PhotoCard } from './components/photo-card';
import { ProfileForm } from './components/profile-form';
import { WithdrawDecision } from '../../components/salvation/withdraw-decision';
import { DigestSwitch } from './components/digest-switch';
import { DevicesSection } from './security/devices-section';
import { TwoStepSection } from './security/two-step-section';

function ProfileSkeleton() {
  const { t } = useTranslation();
  return (
    <Grid role="status" aria-busy="true" aria-label={t('common.loading')}>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Skeleton h={320} radius="md" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Skeleton h={480} radius="md" />
      </Grid.Col>
    </Grid>
  );
}

/** `/profile`: the signed-in person edits their own details, photo and password; two-step sign-in and signed-in devices. */
export function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const [passwordOpened, passwordModal] = useDisclosure(false);
  useDocumentTitle(`${t('profile.title')} · ${t('common.appName')}`);

  // The stored email says signed in but the server session is gone (expired, or signed out elsewhere).
  const sessionEnded = me.error instanceof ApiError && me.error.status === 401;
  const handleSignInAgain = () => {
    clearStoredUserKeepLanguage();
    navigate(paths.signIn, { replace: true });
  };

  return (
    <Stack gap="lg">
      {/* The shell's breadcrumb bar holds the page heading (h1); this row only explains and acts. */}
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Text c="dimmed">{t('profile.subtitle')}</Text>
        {me.data && (
          <Group gap="sm">
            {/* Everything held about the person, as a JSON download. */}
            <Button component="a" href="/api/v1/me/export" download variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
              {t('myData.download')}
            </Button>
            <Button variant="default" leftSection={<IconLock size={16} aria-hidden />} onClick={passwordModal.open}>
              {t('profile.password.open')}
            </Button>
          </Group>
        )}
      </Group>

      {me.isPending && <ProfileSkeleton />}

      {me.isError && (
        <Paper withBorder p="lg" radius="md">
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" title={t('profile.loadFailed')}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{sessionEnded ? t('profile.sessionEnded') : errorMessage(me.error, t)}</Text>
              {sessionEnded ? (
                <Button size="xs" onClick={handleSignInAgain}>
                  {t('profile.signInAgain')}
                </Button>
              ) : (
                <Button size="xs" variant="light" onClick={() => void me.refetch()}>
                  {t('profile.retry')}
                </Button>
              )}
            </Stack>
          </Alert>
        </Paper>
      )}

      {me.data && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <PhotoCard me={me.data} />
            <WithdrawDecision />
            <DigestSwitch />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {/* Keyed by id so a different person's details never linger in the inputs. */}
            <ProfileForm key={me.data.id} me={me.data} />
          </Grid.Col>
          {/* Decision 023: how the person signs in and where they are signed in. */}
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TwoStepSection />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <DevicesSection />
          </Grid.Col>
        </Grid>
      )}

      <ChangePasswordModal opened={passwordOpened} onClose={passwordModal.close} />
    </Stack>
  );
}

export { ProfilePage as Component };
