import { useState } from 'react';
import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { listeningLanguages, type ChurchLanguage, type LanguageListKind, type VoiceEngineKind } from '@app/shared';
import { ApiError } from '../../../lib/api-client';
import { interfaceLanguage } from '../../../i18n/interface-language';
import { languageName, listenerLanguageLabel } from '../../../lib/language-label';
import { useAddChurchLanguage } from '../api/add-church-language';
import { useUpdateChurchLanguage } from '../api/update-church-language';
import { voiceExample } from './voice-name';
import { editFormErrors, emptyLanguageForm, languageFormErrors, toAddBody, type AddMode, type LanguageFormValues } from './language-form-values';


/** A known language in the reader's own language ("Espanhol"); a church's own language keeps its name. */
export function displayName(language: ChurchLanguage, uiLanguage: string): string {
  return language.isKnown ? languageName(language.code, language.name, uiLanguage) : language.name;
}

export const listKey: Record<LanguageListKind, 'goLive' | 'joinLive'> = { go_live: 'goLive', join_live: 'joinLive' };

/** Adding a language to one of the church's lists: a known one, or one of the church's own. */
export function AddLanguageModal({
  churchId,
  list,
  existing,
  voiceKind,
  onClose,
}: {
  churchId: string;
  list: LanguageListKind;
  existing: ChurchLanguage[];
  /** The church's first voice engine: the voices asked for are its own (decision 040). */
  voiceKind: VoiceEngineKind | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const hint = useVoiceHint(voiceKind);
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
                data={available.map((l) => ({ value: l.code, label: listenerLanguageLabel(l.code, l.nativeName, l.englishName, interfaceLanguage(i18n)) }))}
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
            placeholder={voiceExample(voiceKind, 'female')}
            description={hint}
            {...form.getInputProps('femaleVoiceId')}
          />
          <TextInput label={t('church.languages.maleVoice')} placeholder={voiceExample(voiceKind, 'male')} {...form.getInputProps('maleVoiceId')} />
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

/** Changing a language's voices (and a church's own language's name). */
export function EditLanguageModal({ churchId, language, voiceKind, onClose }: { churchId: string; language: ChurchLanguage; voiceKind: VoiceEngineKind | null; onClose: () => void }) {
  const hint = useVoiceHint(voiceKind);
  const { t, i18n } = useTranslation();
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
          notifications.show({ color: 'teal', message: t('church.languages.updated', { name: language.isKnown ? displayName(language, interfaceLanguage(i18n)) : values.name.trim() }) });
          onClose();
        },
        onError: (err) =>
          setFailure(err instanceof ApiError && err.code === 'no_changes' ? t('church.noChanges') : t('church.languages.updateFailed')),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('church.languages.editTitle', { name: displayName(language, interfaceLanguage(i18n)) })} size="lg">
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
        <Stack gap="sm">
          {failure && (
            <Alert color={failure === t('church.noChanges') ? 'yellow' : 'red'} role="alert">
              {failure}
            </Alert>
          )}
          <TextInput label={t('church.languages.name')} withAsterisk {...form.getInputProps('name')} />
          <TextInput label={t('church.languages.femaleVoice')} description={hint} placeholder={voiceExample(voiceKind, 'female')} {...form.getInputProps('femaleVoiceId')} />
          <TextInput label={t('church.languages.maleVoice')} placeholder={voiceExample(voiceKind, 'male')} {...form.getInputProps('maleVoiceId')} />
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

/** What a voice field asks for: a voice of the church's voice engine, or an Azure name with none chosen. */
function useVoiceHint(voiceKind: VoiceEngineKind | null): string {
  const { t } = useTranslation();
  if (!voiceKind) return t('church.languages.voiceHint');
  return t('church.languages.voiceHintFor', { engine: t(`voiceEngines.names.${voiceKind}`), example: voiceExample(voiceKind, 'female') });
}
