import { useState } from 'react';
import { Anchor, Button, CopyButton, Group, Image, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconDownload, IconExternalLink, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChurchDetails } from '@app/shared';
import { useHeadingLevel } from '../../../components/heading-level';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { joinLinkPath, joinQrUrl, projectorPath } from '../../../lib/join-link';
import { useUpdateChurch } from '../api/update-church';
import { printJoinCard } from './print-join-card';

/**
 * The church's standing join link (docs/decisions/019): the link, its QR code to download or print
 * on a card, the lobby and the projector view; administrators choose the code.
 */
export function JoinLinkCard({ church }: { church: ChurchDetails }) {
  const sectionOrder = useHeadingLevel(1);
  const { t } = useTranslation();
  const link = `${window.location.origin}${joinLinkPath(church.joinCode)}`;
  const [code, setCode] = useState(church.joinCode);
  const [codeError, setCodeError] = useState<string | null>(null);
  const update = useUpdateChurch(church.id);

  const handleSave = () => {
    setCodeError(null);
    update.mutate({ joinCode: code }, {
      onSuccess: () => notifications.show({ color: 'green', message: t('schedule.codeSaved') }),
      onError: (err) => {
        const field = err instanceof ApiError ? err.errors.find((e) => e.field === 'joinCode') : undefined;
        setCodeError(field?.key ? t(field.key) : errorMessage(err, t));
      },
    });
  };
  const print = (size: 'A6' | 'A5') => printJoinCard({ churchName: church.name, code: church.joinCode, link, size, scanHere: t('schedule.scanHere') });

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={sectionOrder} size="h4">{t('schedule.joinTitle')}</Title>
        <Text size="sm" c="dimmed">{t('schedule.joinIntro')}</Text>
        <Group align="flex-start" gap="lg">
          <Image src={joinQrUrl(church.joinCode)} alt={t('schedule.qrAlt', { link })} w={160} h={160} />
          <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
            <Group gap="xs">
              <Anchor href={link} target="_blank" fw={700} style={{ wordBreak: 'break-all' }}>{link}</Anchor>
              <CopyButton value={link}>
                {({ copied, copy }) => (
                  <Button style={{ flexShrink: 0 }} size="xs" variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : undefined} onClick={copy}
                    leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}>
                    {copied ? t('schedule.copied') : t('schedule.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Group gap="xs">
              <Button component="a" href={joinQrUrl(church.joinCode, 'png', true)} size="xs" variant="default" leftSection={<IconDownload size={14} aria-hidden />}>{t('schedule.downloadPng')}</Button>
              <Button component="a" href={joinQrUrl(church.joinCode, 'svg', true)} size="xs" variant="default" leftSection={<IconDownload size={14} aria-hidden />}>{t('schedule.downloadSvg')}</Button>
              <Button size="xs" variant="default" leftSection={<IconPrinter size={14} aria-hidden />} onClick={() => print('A6')}>{t('schedule.printA6')}</Button>
              <Button size="xs" variant="default" leftSection={<IconPrinter size={14} aria-hidden />} onClick={() => print('A5')}>{t('schedule.printA5')}</Button>
            </Group>
            <Group gap="xs">
              <Button component="a" href={joinLinkPath(church.joinCode)} target="_blank" size="xs" variant="light" leftSection={<IconExternalLink size={14} aria-hidden />}>{t('schedule.openLobby')}</Button>
              <Button component="a" href={projectorPath(church.joinCode)} target="_blank" size="xs" variant="light" leftSection={<IconExternalLink size={14} aria-hidden />}>{t('schedule.openProjector')}</Button>
            </Group>
          </Stack>
        </Group>
        {church.canEdit && (
          <Group align="flex-end" gap="xs">
            <TextInput
              label={t('schedule.code')}
              description={t('schedule.codeHelp')}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
              error={codeError}
              maxLength={8}
              w={220}
            />
            <Button onClick={handleSave} loading={update.isPending} disabled={code === church.joinCode}>{t('schedule.saveCode')}</Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
