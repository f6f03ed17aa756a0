import { useState } from 'react';
import { Alert, Checkbox, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  recognitionEngineConfig, recognitionEngineKinds,
  type EngineSlot, type RecognitionEngineConfigInput, type RecognitionEngineHealth, type RecognitionEngineKind,
  type RecognitionEngineSettings, type RecognitionEnginesResponse, type RecognitionTestResult,
} from '@app/shared';
import { zodIssueKeys } from '../../../lib/zod-form';
import { useRemoveRecognitionEngine, useSaveRecognitionEngine, useTestRecognitionEngine } from '../api/recognition-engines';
import { EngineErrorView } from './engine-status';
import { EngineFormButtons, SlotEngineHealth } from './slot-engine-parts';
import { useEngineActions } from './use-engine-actions';

interface Values {
  kind: RecognitionEngineKind | '';
  key: string;
  url: string;
  model: string;
  removeKey: boolean;
}

const initial = (stored: RecognitionEngineSettings | undefined): Values => ({
  kind: stored?.kind ?? '', key: '', url: stored?.url ?? '', model: stored?.model ?? '', removeKey: false,
});

/** Only the chosen engine's own fields; an empty key is left out (keeps the stored one). */
export function recognitionBody(v: Values): RecognitionEngineConfigInput | null {
  const key = v.key.trim() ? { key: v.key.trim() } : {};
  switch (v.kind) {
    case 'deepgram':
    case 'assemblyai':
      return { kind: v.kind, ...key };
    case 'openai-realtime':
      return { kind: v.kind, url: v.url.trim(), model: v.model.trim(), ...key, ...(v.removeKey ? { removeKey: true } : {}) };
    case 'azure':
      return { kind: 'azure' };
    default:
      return null;
  }
}

interface Props {
  churchId: string;
  slot: EngineSlot;
  stored: RecognitionEngineSettings | undefined;
  health: RecognitionEngineHealth | undefined;
}

/** One recognition engine of a church (decision 038): which engine, its key or address, Test connection, save, remove. */
export function RecognitionEngineForm({ churchId, slot, stored, health }: Props) {
  const { t } = useTranslation();
  const save = useSaveRecognitionEngine(churchId);
  const remove = useRemoveRecognitionEngine(churchId);
  const test = useTestRecognitionEngine(churchId);
  const [result, setResult] = useState<RecognitionTestResult | null>(null);
  const form = useForm<Values>({
    initialValues: initial(stored),
    validate: (values) => {
      const body = recognitionBody(values);
      if (!body) return { kind: t('validation.required') };
      const errors: Record<string, string> = Object.fromEntries(Object.entries(zodIssueKeys(recognitionEngineConfig, body)).map(([f, k]) => [f, t(k)]));
      const storedKey = stored?.kind === values.kind && stored.hasKey;
      if ((values.kind === 'deepgram' || values.kind === 'assemblyai') && !values.key.trim() && !storedKey) errors.key ??= t('validation.required');
      return errors;
    },
    onValuesChange: () => setResult(null),
  });
  const { send, confirmRemove, showServerErrors } = useEngineActions<RecognitionEnginesResponse>({
    ns: 'recognitionEngines', slot, storedKind: stored?.kind,
    save: (saveUntested, handlers) => save.mutate({ slot, body: { ...recognitionBody(form.values)!, ...(saveUntested ? { saveUntested: true } : {}) } }, handlers),
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
    test.mutate({ ...recognitionBody(form.values)!, slot }, { onSuccess: setResult, onError: showServerErrors });
  };

  const { kind } = form.values;
  const storedKey = !!stored && stored.kind === kind && stored.hasKey;
  return (
    <form onSubmit={form.onSubmit(() => send(false))} noValidate aria-label={t(`recognitionEngines.slotLabels.${slot}`)}>
      <Stack gap="sm">
        <Select
          label={t('translationEngines.fields.engine')}
          placeholder={t('translationEngines.fields.choose')}
          data={recognitionEngineKinds.map((k) => ({ value: k, label: t(`recognitionEngines.names.${k}`) }))}
          allowDeselect={false}
          maw={420}
          {...form.getInputProps('kind')}
          onChange={(next) => form.setValues({ ...initial(next === stored?.kind ? stored : undefined), kind: (next ?? '') as Values['kind'] })}
        />
        {kind && <Text size="sm" c="dimmed">{t(`recognitionEngines.about.${kind}`)}</Text>}
        {kind && kind !== 'azure' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {kind === 'openai-realtime' && (
              <>
                <TextInput label={t('translationEngines.fields.url.openai')} description={t('recognitionEngines.urlHint')} placeholder="https://api.openai.com/v1" inputMode="url" {...form.getInputProps('url')} />
                <TextInput label={t('translationEngines.fields.model')} description={t('recognitionEngines.modelHint')} placeholder="gpt-4o-transcribe" {...form.getInputProps('model')} />
              </>
            )}
            <PasswordInput
              label={kind === 'openai-realtime' ? t('translationEngines.fields.keyOptional') : t('translationEngines.fields.key')}
              description={storedKey ? t('church.settings.keyStored', { masked: stored?.key ?? '••••' }) : t(`recognitionEngines.keyHints.${kind}`)}
              autoComplete="off"
              disabled={form.values.removeKey}
              {...form.getInputProps('key')}
            />
          </SimpleGrid>
        )}
        {storedKey && kind === 'openai-realtime' && <Checkbox label={t('translationEngines.fields.removeKey')} {...form.getInputProps('removeKey', { type: 'checkbox' })} />}
        {result && (result.ok
          ? <Alert color="teal" role="status" title={t('recognitionEngines.test.ok', { ms: result.latencyMs })}><Text size="sm">{t('recognitionEngines.test.terms', { count: result.boostedTerms })}</Text></Alert>
          : <EngineErrorView error={result.error} />)}
        <EngineFormButtons canAct={!!kind} testing={test.isPending} saving={save.isPending} removing={remove.isPending} hasStored={!!stored} onTest={handleTest} onRemove={confirmRemove} />
        {stored && stored.kind !== 'azure' && (
          <SlotEngineHealth
            health={health}
            quiet={!!health && !health.lastOkAt && !health.lastError && health.minutesThisWeek === 0}
            none={t('recognitionEngines.health.none')}
            week={t('recognitionEngines.health.week', { minutes: health?.minutesThisWeek ?? 0, count: health?.failuresThisWeek ?? 0 })}
            lastOk={(when) => t('recognitionEngines.health.lastOk', { when })}
          />
        )}
      </Stack>
    </form>
  );
}
