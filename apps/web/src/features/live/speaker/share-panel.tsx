import { ActionIcon, Anchor, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { href } from '../../../config/paths';
import { useHeadingLevel } from '../../../components/heading-level';

/** The full share link of a sermon: `/sermon/join/{broadcastId}?churchId=…` on this site. */
export function shareLink(broadcastId: string, churchId: string, origin = window.location.origin): string {
  return `${origin}${href.sermonJoin(broadcastId, churchId)}`;
}

/** Share link, copy button and QR code, so a congregation can join from a projector or a printout. */
export function SharePanel({ broadcastId, churchId }: { broadcastId: string; churchId: string }) {
  const sectionOrder = useHeadingLevel(1);
  const { t } = useTranslation();
  const link = shareLink(broadcastId, churchId);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={sectionOrder} size="h4">
          {t('live.share.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('live.share.hint')}
        </Text>
        <Group justify="center">
          <QRCodeSVG value={link} size={176} marginSize={2} role="img" aria-label={t('live.share.qrLabel')} />
        </Group>
        <TextInput
          label={t('live.share.linkLabel')}
          value={link}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          rightSection={
            <CopyButton value={link} timeout={2000}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('live.share.copied') : t('live.share.copy')} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    onClick={copy}
                    aria-label={copied ? t('live.share.copied') : t('live.share.copy')}
                  >
                    {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          }
        />
        <Group gap="xs">
          <CopyButton value={link} timeout={2000}>
            {({ copied, copy }) => (
              <Button variant="light" size="xs" onClick={copy} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}>
                {copied ? t('live.share.copied') : t('live.share.copyLink')}
              </Button>
            )}
          </CopyButton>
          <Anchor href={link} target="_blank" rel="noreferrer" size="sm">
            <Group gap={4} component="span">
              {t('live.share.open')}
              <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
