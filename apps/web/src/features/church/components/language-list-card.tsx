import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { dialogs } from '../../../components/dialogs';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { listeningLanguages, type ChurchLanguage, type LanguageListKind } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { useAddChurchLanguage } from '../api/add-church-language';
import { useRemoveChurchLanguage } from '../api/remove-church-language';
import { useUpdateChurchLanguage } from '../api/update-church-language';
import { editFormErrors, emptyLanguageForm, languageFormErrors, toAddBody, type AddMode, type LanguageFormValues } from './language-form-values';
import { useHeadingLevel } from '../../../components/heading-level';
import { interfaceLanguage } from '../../../i18n/interface-language';

const listKey: Record<LanguageListKind, 'goLive' | 'joinLive'> = { go_live: 'goLive', join_live: 'joinLive' };

/** A known language in the reader's own language ("Espanhol"); a church's own language keeps its name. */
function displayName(language: ChurchLanguage, uiLanguage: string): string {
  if (!language.isKnown) return language.name;
  try {
    return new Intl.DisplayNames([uiLanguage], { type: 'language', fallback: 'none' }).of(language.code) ?? language.name;
  } catch {
    return language.name;
  }
}

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
          <Table.ScrollContainer minWidth={300}>
            {/* At 390 px the table fits its card: voice ids wrap, the actions stay on screen. */}
            <Table aria-label={t(`church.languages.${key}.title`)} verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('church.languages.language')}</Table.Th>
                  <Table.Th>{t('church.languages.femaleVoice')}</Table.Th>
                  <Table.Th>{t('church.languages.maleVoice')}</Table.Th>
                  {canEdit && <Table.Th w={90} />}
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
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                        {l.femaleVoiceId ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                        {l.maleVoiceId ?? '—'}
                      </Text>
                    </Table.Td>
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
        <AddLanguageModal churchId={churchId} list={list} existing={languages} onClose={() => setAdding(false)} />
      )}
      {editing && <EditLanguageModal churchId={churchId} language={editing} onClose={() => setEditing(null)} />}
    </Paper>
  );
}

function AddLanguageModal({
  churchId,
  list,
  existing,
  onClose,
}: {
  churchId: string;
  list: LanguageListKind;
  existing: ChurchLanguage[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<AddMode>('known');
  const [failure, setFailure] = useState<string | null>(null);
  const add = useAddChurchLanguage(churchId);
  const taken = new Set(existing.map((l) => l.code.toLowerCase()));
  const available = listeningLanguages.filter((l) => !taken.has(l.code.toLowerCase()));
  const key = listKey[list];

  const form = useForm<LanguageFormValues>({
    initialValues: emptyLanguageForm,
    validate: (values) => Object.fromEntries(Object.entries(languageFormErrors(values, mode, list)).map(([f, k]) => [f, t(k)])),
  });

  const chooseKnown = (code: string | null) => {
    const known = listeningLanguages.find((l) => l.code === code);
    form.setValues({ code: code ?? '', name: '', femaleVoiceId: known?.femaleVoice ?? '', maleVoiceId: known?.maleVoice ?? '' });
    form.clearErrors();
  };

  const switchMode = (value: string) => {
    setMode(value === 'new' ? 'new' : 'known');
    form.setValues(emptyLanguageForm);
    form.clearErrors();
    setFailure(null);
  };

  const handleSubmit = (values: LanguageFormValues) => {
    setFailure(null);
    add.mutate(toAddBody(values, mode, list), {
      onSuccess: (created) => {
        notifications.show({ color: 'teal', message: t('church.languages.added', { name: created.name }) });
        onClose();
      },
      onError: (err) => {
        const message =
          err instanceof ApiError && err.status === 409
            ? t('church.languages.duplicate')
            : mode === 'new'
              ? t('church.languages.createFailed')
              : t('church.languages.addFailed');
        setFailure(message);
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={t(`church.languages.${key}.add`)} size="lg">
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
        <Stack gap="sm">
          <SegmentedControl
            value={mode}
            onChange={switchMode}
            fullWidth
            aria-label={t('church.languages.addMode')}
            data={[
              { value: 'known', label: t('church.languages.modeKnown') },
              { value: 'new', label: t('church.languages.modeNew') },
            ]}
          />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          {mode === 'known' ? (
            available.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('church.languages.allAdded')}
              </Text>
            ) : (
              <Select
                label={t('church.languages.language')}
                placeholder={t('church.languages.chooseLanguage')}
                data={available.map((l) => ({ value: l.code, label: `${l.englishName} (${l.nativeName})` }))}
                value={form.values.code || null}
                onChange={chooseKnown}
                error={form.errors.code}
                searchable
                withAsterisk
                comboboxProps={{ withinPortal: true }}
              />
            )
          ) : (
            <>
              <TextInput label={t('church.languages.name')} withAsterisk {...form.getInputProps('name')} />
              <TextInput
                label={t('church.languages.code')}
                description={t('church.languages.codeHint')}
                withAsterisk
                {...form.getInputProps('code')}
              />
            </>
          )}
          <TextInput
            label={t('church.languages.femaleVoice')}
            placeholder="pt-BR-FranciscaNeural"
            description={t('church.languages.voiceHint')}
            {...form.getInputProps('femaleVoiceId')}
          />
          <TextInput label={t('church.languages.maleVoice')} placeholder="pt-BR-AntonioNeural" {...form.getInputProps('maleVoiceId')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('church.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending} disabled={mode === 'known' && available.length === 0}>
              {mode === 'new' ? t('church.languages.create') : t('church.languages.addButton')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function EditLanguageModal({ churchId, language, onClose }: { churchId: string; language: ChurchLanguage; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateChurchLanguage(churchId);
  const [failure, setFailure] = useState<string | null>(null);
  const initial: LanguageFormValues = {
    code: language.code,
    name: language.name,
    femaleVoiceId: language.femaleVoiceId ?? '',
    maleVoiceId: language.maleVoiceId ?? '',
  };
  const form = useForm<LanguageFormValues>({
    initialValues: initial,
    validate: (values) => Object.fromEntries(Object.entries(editFormErrors(values)).map(([f, k]) => [f, t(k)])),
  });

  const handleSubmit = (values: LanguageFormValues) => {
    const body = {
      ...(values.name.trim() !== initial.name ? { name: values.name.trim() } : {}),
      ...(values.femaleVoiceId.trim() !== initial.femaleVoiceId ? { femaleVoiceId: values.femaleVoiceId.trim() } : {}),
      ...(values.maleVoiceId.trim() !== initial.maleVoiceId ? { maleVoiceId: values.maleVoiceId.trim() } : {}),
    };
    if (Object.keys(body).length === 0) {
      setFailure(t('church.noChanges'));
      return;
    }
    setFailure(null);
    update.mutate(
      { languageId: language.id, body },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('church.languages.updated', { name: values.name.trim() }) });
          onClose();
        },
        onError: (err) =>
          setFailure(err instanceof ApiError && err.code === 'no_changes' ? t('church.noChanges') : t('church.languages.updateFailed')),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('church.languages.editTitle', { name: language.name })} size="lg">
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
        <Stack gap="sm">
          {failure && (
            <Alert color={failure === t('church.noChanges') ? 'yellow' : 'red'} role="alert">
              {failure}
            </Alert>
          )}
          <TextInput label={t('church.languages.name')} withAsterisk {...form.getInputProps('name')} />
          <TextInput label={t('church.languages.femaleVoice')} description={t('church.languages.voiceHint')} {...form.getInputProps('femaleVoiceId')} />
          <TextInput label={t('church.languages.maleVoice')} {...form.getInputProps('maleVoiceId')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('church.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('church.languages.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
