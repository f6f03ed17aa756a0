import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { dialogs } from '../../../components/dialogs';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChurchLanguage, LanguageListKind, VoiceEngineKind, VoiceGender } from '@app/shared';
import { useRemoveChurchLanguage } from '../api/remove-church-language';
import { useVoiceEngines } from '../api/voice-engines';
import { useHeadingLevel } from '../../../components/heading-level';
import { interfaceLanguage } from '../../../i18n/interface-language';
import { AddLanguageModal, displayName, EditLanguageModal, listKey } from './language-modals';
import { spokenVoice } from './voice-name';


/** One of the church's two language lists, each language with its female and male voice IDs. */
export function LanguageListCard({
  churchId,
  list,
  languages,
  canEdit,
}: {
  churchId: string;
  list: LanguageListKind;
  languages: ChurchLanguage[];
  canEdit: boolean;
}) {
  const sectionOrder = useHeadingLevel(1);
  const { t, i18n } = useTranslation();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ChurchLanguage | null>(null);
  const remove = useRemoveChurchLanguage(churchId);
  const key = listKey[list];
  // Only the voices of the engine that speaks (decision 040): an Azure name means nothing when eSpeak speaks.
  const engines = useVoiceEngines(churchId, canEdit);
  const voiceKind: VoiceEngineKind | null = engines.data?.engines.find((e) => e.slot === 'primary')?.kind ?? null;
  const voice = (l: ChurchLanguage, gender: VoiceGender) =>
    spokenVoice(voiceKind, l, gender, gender === 'male' ? l.maleVoiceId : l.femaleVoiceId, interfaceLanguage(i18n), t);

  const confirmRemove = (language: ChurchLanguage) =>
    dialogs.confirm({
      title: t('church.languages.removeTitle', { name: displayName(language, interfaceLanguage(i18n)) }),
      children: <Text size="sm">{t(`church.languages.${key}.removeBody`, { name: displayName(language, interfaceLanguage(i18n)) })}</Text>,
      labels: { confirm: t('church.languages.removeConfirm'), cancel: t('church.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(language.id, {
          onSuccess: () => notifications.show({ color: 'teal', message: t('church.languages.removed', { name: displayName(language, interfaceLanguage(i18n)) }) }),
          onError: () => notifications.show({ color: 'red', message: t('church.languages.removeFailed') }),
        }),
    });

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={2}>
            <Title order={sectionOrder} size="h4">
              {t(`church.languages.${key}.title`)}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`church.languages.${key}.hint`)}
            </Text>
            {voiceKind && (
              <Text size="sm" c="dimmed">{t('church.languages.voicesOf', { engine: t(`voiceEngines.names.${voiceKind}`) })}</Text>
            )}
          </Stack>
          {canEdit && (
            <Button leftSection={<IconPlus size={16} />} variant="light" onClick={() => setAdding(true)}>
              {t(`church.languages.${key}.add`)}
            </Button>
          )}
        </Group>
        {languages.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t(`church.languages.${key}.empty`)}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={280}>
            {/* At 390 px the table fits its card: the voices move under the language, the actions stay on screen. */}
            <Table aria-label={t(`church.languages.${key}.title`)} verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('church.languages.language')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('church.languages.femaleVoiceName')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('church.languages.maleVoiceName')}</Table.Th>
                  {canEdit && <Table.Th w={90}><VisuallyHidden>{t('common.list.actions')}</VisuallyHidden></Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {languages.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>
                      {/* Wraps on a phone: a right-to-left badge beside a long name would run into the next column. */}
                      <Group gap={6}>
                        <Text size="sm">{displayName(l, interfaceLanguage(i18n))}</Text>
                        <Badge size="xs" variant="default" style={{ flexShrink: 0 }}>
                          {l.code}
                        </Badge>
                        {l.rtl && (
                          <Badge size="xs" variant="light" h="auto" styles={{ label: { whiteSpace: 'normal' } }}>
                            {t('church.languages.rtl')}
                          </Badge>
                        )}
                      </Group>
                      {/* A phone has no room for two voice columns: the voices go under the language. */}
                      <Stack gap={0} mt={4} hiddenFrom="sm">
                        <Text size="xs" c="dimmed">{t('church.languages.femaleVoiceName')}: {voice(l, 'female') ?? '—'}</Text>
                        <Text size="xs" c="dimmed">{t('church.languages.maleVoiceName')}: {voice(l, 'male') ?? '—'}</Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">{voice(l, 'female') ?? '—'}</Table.Td>
                    <Table.Td visibleFrom="sm">{voice(l, 'male') ?? '—'}</Table.Td>
                    {canEdit && (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap" justify="flex-end">
                          <Tooltip label={t('church.languages.edit')}>
                            <ActionIcon variant="subtle" onClick={() => setEditing(l)} aria-label={t('church.languages.editLabel', { name: displayName(l, interfaceLanguage(i18n)) })}>
                              <IconPencil size={18} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={t('church.languages.remove')}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              onClick={() => confirmRemove(l)}
                              loading={remove.isPending && remove.variables === l.id}
                              aria-label={t('church.languages.removeLabel', { name: displayName(l, interfaceLanguage(i18n)) })}
                            >
                              <IconTrash size={18} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {adding && (
        <AddLanguageModal churchId={churchId} list={list} existing={languages} voiceKind={voiceKind} onClose={() => setAdding(false)} />
      )}
      {editing && <EditLanguageModal churchId={churchId} language={editing} voiceKind={voiceKind} onClose={() => setEditing(null)} />}
    </Paper>
  );
}

