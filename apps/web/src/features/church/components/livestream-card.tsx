import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Paper, PasswordInput, Select, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_LIVESTREAM_FEEDS, type ChurchLanguage, type LivestreamFeedKind, type LivestreamSettings } from '@app/shared';
import { confirmDestructive } from '../../../components/confirm-button';
import { useHeadingLevel } from '../../../components/heading-level';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { churchLanguageNamer } from '../../../lib/language-label';
import { interfaceLanguage } from '../../../i18n/interface-language';
import { useAddFeed, useRemoveFeed } from '../api/livestream';

/**
 * Live captions on the church's YouTube stream or Zoom meeting (decision 037): the caption URL
 * YouTube Studio or Zoom gives, and the language it carries. The URL holds the stream's key: it is
 * sent once and shown masked after.
 */
export function LivestreamCard({ churchId, settings, languages }: { churchId: string; settings: LivestreamSettings; languages: ChurchLanguage[] }) {
  const order = useHeadingLevel(1);
  const { t, i18n } = useTranslation();
  const add = useAddFeed(churchId);
  const remove = useRemoveFeed(churchId);
  const [kind, setKind] = useState<LivestreamFeedKind>('youtube');
  const [language, setLanguage] = useState<string | null>(languages[0]?.code ?? null);
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const name = churchLanguageNamer(languages, interfaceLanguage(i18n));
  const full = settings.feeds.length >= MAX_LIVESTREAM_FEEDS;

  const submit = () => {
    if (!language) return;
    setUrlError(null);
    add.mutate({ kind, language, url }, {
      onSuccess: () => setUrl(''),
      onError: (err) => {
        const field = err instanceof ApiError ? err.errors.find((e) => e.field === 'url') : undefined;
        setUrlError(field?.key ? t(field.key) : errorMessage(err, t));
      },
    });
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={order} size="h4">{t('livestream.title')}</Title>
        <Text size="sm" c="dimmed">{t('livestream.intro')}</Text>
        {settings.feeds.length > 0 && (
          <Table.ScrollContainer minWidth={320}>
            <Table>
              <Table.Thead>
                <Table.Tr><Table.Th>{t('livestream.service')}</Table.Th><Table.Th>{t('livestream.language')}</Table.Th><Table.Th>{t('livestream.url')}</Table.Th><Table.Th><VisuallyHidden>{t('common.list.actions')}</VisuallyHidden></Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {settings.feeds.map((f) => (
                  <Table.Tr key={f.id}>
                    <Table.Td>{t(`livestream.kinds.${f.kind}`)}</Table.Td>
                    <Table.Td>{name(f.language)}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{f.url}</Table.Td>
                    <Table.Td>
                      <ActionIcon variant="subtle" color="red" aria-label={t('livestream.remove', { language: name(f.language) })} loading={remove.isPending && remove.variables === f.id} onClick={() => confirmDestructive({
                        title: t('livestream.removeTitle', { language: name(f.language) }),
                        message: t('livestream.removeBody'),
                        confirmLabel: t('livestream.removeConfirm'),
                        onConfirm: () => remove.mutate(f.id),
                      }, t('common.cancel'))}>
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {full ? (
          <Alert color="blue">{t('livestream.full')}</Alert>
        ) : (
          <Stack gap="xs">
            <Group grow align="flex-start" preventGrowOverflow={false} wrap="wrap">
              <Select label={t('livestream.service')} value={kind} onChange={(v) => v && setKind(v as LivestreamFeedKind)} allowDeselect={false} miw={160}
                data={[{ value: 'youtube', label: t('livestream.kinds.youtube') }, { value: 'zoom', label: t('livestream.kinds.zoom') }]} />
              <Select label={t('livestream.language')} value={language} onChange={setLanguage} allowDeselect={false} miw={160}
                data={languages.map((l) => ({ value: l.code, label: name(l.code) }))} />
            </Group>
            <PasswordInput label={t('livestream.url')} description={t(kind === 'youtube' ? 'livestream.urlHelpYoutube' : 'livestream.urlHelpZoom')}
              value={url} onChange={(e) => setUrl(e.currentTarget.value)} error={urlError} autoComplete="off" />
            <Group><Button onClick={submit} loading={add.isPending} disabled={!url.trim() || !language}>{t('livestream.add')}</Button></Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
