import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SignedInDevice } from '@app/shared';
import { useSessions, useSignOutDevice } from '../api/security';
import { formattingLocale } from '../../../i18n/interface-language';

const MOBILE = /iOS|Android/;

function DeviceRow({ device }: { device: SignedInDevice }) {
  const { t, i18n } = useTranslation();
  const signOut = useSignOutDevice();
  const when = new Intl.DateTimeFormat(formattingLocale(i18n), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(device.lastActiveAt));
  const Icon = MOBILE.test(device.system ?? '') ? IconDeviceMobile : IconDeviceDesktop;
  const name = [device.browser ?? t('security.devices.unknownBrowser'), device.system].filter(Boolean).join(' · ');
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm" component="li">
      {/* The device's details give way, never the button: at 390 px "Desconectar" was cut to "Desconect…". */}
      <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
        <Icon size={22} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>{name}</Text>
            {device.current && <Badge size="sm" variant="dot">{t('security.devices.thisDevice')}</Badge>}
          </Group>
          <Text size="xs" c="dimmed">{t('security.devices.lastActive', { when })}</Text>
          {device.ipAddress && <Text size="xs" c="dimmed">{t('security.devices.address', { address: device.ipAddress })}</Text>}
        </Stack>
      </Group>
      {!device.current && (
        <Button
          size="xs"
          variant="default"
          style={{ flexShrink: 0 }}
          loading={signOut.isPending}
          aria-label={`${t('security.devices.signOut')}: ${name}`}
          onClick={() => signOut.mutate(device.id, { onSuccess: () => notifications.show({ color: 'green', message: t('security.devices.signedOut') }) })}
        >
          {t('security.devices.signOut')}
        </Button>
      )}
    </Group>
  );
}

/** Manage Profile's "Signed-in devices" (decision 023): each session, this one marked; sign one or all others out. */
export function DevicesSection() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const signOutOthers = useSignOutDevice();
  const others = sessions.data?.filter((d) => !d.current).length ?? 0;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} id="devices" component="section" aria-labelledby="devices-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="devices-title">{t('security.devices.title')}</Title>
        <Text size="sm" c="dimmed">{t('security.devices.intro')}</Text>
        {sessions.isPending && <Skeleton h={60} />}
        {sessions.isError && <Alert color="red" role="alert">{t('security.devices.loadFailed')}</Alert>}
        {sessions.data && (
          <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {sessions.data.map((d) => <DeviceRow key={d.id} device={d} />)}
          </Stack>
        )}
        {others > 0 && (
          <Group justify="flex-end">
            <Button
              variant="light"
              color="red"
              // A long label (Portuguese: "Desconectar todos os outros dispositivos") wraps rather than being cut.
              h="auto"
              mih={36}
              py={6}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
              loading={signOutOthers.isPending}
              onClick={() => signOutOthers.mutate('others', { onSuccess: () => notifications.show({ color: 'green', message: t('security.devices.othersSignedOut') }) })}
            >
              {t('security.devices.signOutOthers')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
