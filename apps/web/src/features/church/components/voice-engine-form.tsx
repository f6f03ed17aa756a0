import { useState } from 'react';
import { Alert, Checkbox, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  voiceEngineConfig, voiceEngineKinds, voiceEngineNeedsKey,
  type EngineSlot, type VoiceEngineConfigInput, type VoiceEngineHealth, type VoiceEngineKind,
  type VoiceEngineSettings, type VoiceEnginesResponse, type VoiceTestResult,
} from '@app/shared';
import { formattingLocale } from '../../../i18n/interface-language';
import { zodIssueKeys } from '../../../lib/zod-form';
import { useRemoveVoiceEngine, useSaveVoiceEngine, useTestVoiceEngine } from '../api/voice-engines';
import { EngineErrorView } from './engine-status';
import { EngineFormButtons, SlotEngineHealth } from './slot-engine-parts';
import { useEngineActions } from './use-engine-actions';

interface Values {
  kind: VoiceEngineKind | '';
  key: string;
  url: string;
  model: string;
  removeKey: boolean;
}

const initial = (stored: VoiceEngineSettings | undefined): Values => ({
  kind: stored?.kind ?? '', key: '', url: stored?.url ?? '', model: stored?.model ?? '', removeKey: false,
});

/** Only the chosen engine's own fields; an empty key is left out (keeps the stored one). */
export function voiceBody(v: Values): VoiceEngineConfigInput | null {
  const key = v.key.trim() ? { key: v.key.trim() } : {};
  switch (v.kind) {
    case 'openai':
      return { kind: 'openai', url: v.url.trim(), model: v.model.trim(), ...key, ...(v.removeKey ? { removeKey: true } : {}) };
    case 'google':
      return { kind: 'google', ...key };
    case 'espeak':
    case 'azure':
      return { kind: v.kind };
    default:
      return null;
  }
}

interface Props {
  churchId: string;
  slot: EngineSlot;
  stored: VoiceEngineSettings | undefined;
  health: VoiceEngineHealth | undefined;
}

/** One voice engine of a church (decision 040): which engine, its key or address, Test connection, save, remove. */
export function VoiceEngineForm({ churchId, slot, stored, health }: Props) {
  const { t, i18n } = useTranslation();
  const save = useSaveVoiceEngine(churchId);
  const remove = useRemoveVoiceEngine(churchId);
  const test = useTestVoiceEngine(churchId);
  const [result, setResult] = useState<VoiceTestResult | null>(null);
  const form = useForm<Values>({
    initialValues: initial(stored),
    validate: (values) => {
      const body = voiceBody(values);
      if (!body) return { kind: t('validation.required') };
      const errors: Record<string, string> = Object.fromEntries(Object.entries(zodIssueKeys(voiceEngineConfig, body)).map(([f, k]) => [f, t(k)]));
      const storedKey = stored?.kind === values.kind && stored.hasKey;
      if (values.kind && voiceEngineNeedsKey(values.kind) && !values.key.trim() && !storedKey) errors.key ??= t('validation.required');
      return errors;
    },
    onValuesChange: () => setResult(null),
  });
  const { send, confirmRemove, showServerErrors } = useEngineActions<VoiceEnginesResponse>({
    ns: 'voiceEngines', slot, storedKind: stored?.kind,
    save: (saveUntested, handlers) => save.mutate({ slot, body: { ...voiceBody(form.values)!, ...(saveUntested ? { saveUntested: true } : {}) } }, handlers),
    remove: (handlers) => remove.mutate(slot, handlers),
    onSaved: (engines) => {
      const saved = initial(engines.engines.find((e) => e.slot === slot));
      form.setValues(saved);
      form.resetDirty(saved);
    },
    onRemoved: (engines) => form.setValues(initial(engines.engines.find((e) => e.slot === slot))),
    setErrors: (errors) => form.setErrors(errors),
  });
  const handleTest = () => {
    if (form.validate().hasErrors) return;
    test.mutate({ ...voiceBody(form.values)!, slot }, { onSuccess: setResult, onError: showServerErrors });
  };

  const { kind } = form.values;
  const storedKey = !!stored && stored.kind === kind && stored.hasKey;
  const characters = new Intl.NumberFormat(formattingLocale(i18n)).format(health?.charactersThisWeek ?? 0);
  return (
    <form onSubmit={form.onSubmit(() => send(false))} noValidate aria-label={t(`voiceEngines.slotLabels.${slot}`)}>
      <Stack gap="sm">
        <Select
          label={t('translationEngines.fields.engine')}
          placeholder={t('translationEngines.fields.choose')}
          data={voiceEngineKinds.map((k) => ({ value: k, label: t(`voiceEngines.names.${k}`) }))}
          allowDeselect={false}
          maw={420}
          {...form.getInputProps('kind')}
          onChange={(next) => form.setValues({ ...initial(next === stored?.kind ? stored : undefined), kind: (next ?? '') as Values['kind'] })}
        />
        {kind && <Text size="sm" c="dimmed">{t(`voiceEngines.about.${kind}`)}</Text>}
        {(kind === 'openai' || kind === 'google') && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {kind === 'openai' && (
              <>
                <TextInput label={t('translationEngines.fields.url.openai')} description={t('voiceEngines.urlHint')} placeholder="https://api.openai.com/v1" inputMode="url" {...form.getInputProps('url')} />
                <TextInput label={t('translationEngines.fields.model')} description={t('voiceEngines.modelHint')} placeholder="tts-1" {...form.getInputProps('model')} />
              </>
            )}
            <PasswordInput
              label={kind === 'openai' ? t('translationEngines.fields.keyOptional') : t('translationEngines.fields.key')}
              description={storedKey ? t('church.settings.keyStored', { masked: stored?.key ?? '••••' }) : t(`voiceEngines.keyHints.${kind}`)}
              autoComplete="off"
              disabled={form.values.removeKey}
              {...form.getInputProps('key')}
            />
          </SimpleGrid>
        )}
        {storedKey && kind === 'openai' && <Checkbox label={t('translationEngines.fields.removeKey')} {...form.getInputProps('removeKey', { type: 'checkbox' })} />}
        {kind && <Text size="xs" c="dimmed">{t('voiceEngines.voicesHint')}</Text>}
        {result && (result.ok
          ? <Alert color="teal" role="status" title={t('voiceEngines.test.ok', { ms: result.latencyMs })}><Text size="sm">{t('voiceEngines.test.seconds', { seconds: result.seconds })}</Text></Alert>
          : <EngineErrorView error={result.error} />)}
        <EngineFormButtons canAct={!!kind} testing={test.isPending} saving={save.isPending} removing={remove.isPending} hasStored={!!stored} onTest={handleTest} onRemove={confirmRemove} />
        {stored && (
          <SlotEngineHealth
            health={health}
            quiet={!!health && !health.lastOkAt && !health.lastError && health.charactersThisWeek === 0}
            none={t('voiceEngines.health.none')}
            week={t('voiceEngines.health.week', { characters, count: health?.failuresThisWeek ?? 0 })}
            lastOk={(when) => t('voiceEngines.health.lastOk', { when })}
          />
        )}
      </Stack>
    </form>
  );
}
