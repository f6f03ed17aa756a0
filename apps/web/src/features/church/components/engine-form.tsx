import { useState } from 'react';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { engineConfig, engineNeedsKey, translationEngineKinds, type EngineHealth, type EngineSettings, type EngineSlot, type EngineTestResult, type TranslationEnginesResponse } from '@app/shared';
import { zodIssueKeys } from '../../../lib/zod-form';
import { useRemoveTranslationEngine } from '../api/remove-translation-engine';
import { useSaveTranslationEngine } from '../api/save-translation-engine';
import { useTestTranslationEngine } from '../api/test-translation-engine';
import { EngineFields } from './engine-fields';
import { engineBody, hasStoredKeyFor, initialEngineValues, type EngineFormValues } from './engine-form-values';
import { EngineHealthView, EngineTestResultView } from './engine-status';
import { useEngineActions } from './use-engine-actions';

interface EngineFormProps {
  churchId: string;
  slot: EngineSlot;
  stored: EngineSettings | undefined;
  health: EngineHealth | undefined;
}

/**
 * One engine of a church (decision 033): which engine and its fields, Test connection, save and
 * remove. Saving tests the engine on the server; one that fails is saved only after the person
 * has read the engine's error and chosen to save it anyway.
 */
export function EngineForm({ churchId, slot, stored, health }: EngineFormProps) {
  const { t } = useTranslation();
  const save = useSaveTranslationEngine(churchId);
  const remove = useRemoveTranslationEngine(churchId);
  const test = useTestTranslationEngine(churchId);
  const [result, setResult] = useState<EngineTestResult | null>(null);
  const form = useForm<EngineFormValues>({
    initialValues: initialEngineValues(stored),
    validate: (values) => {
      const body = engineBody(values);
      if (!body) return { kind: t('validation.required') };
      const errors: Record<string, string> = Object.fromEntries(Object.entries(zodIssueKeys(engineConfig, body)).map(([field, key]) => [field, t(key)]));
      // As the server: Azure, DeepL and Google need a key, typed now or stored for the same engine.
      if (engineNeedsKey(body.kind) && !values.key.trim() && !hasStoredKeyFor(values, stored)) errors.key ??= t('validation.required');
      return errors;
    },
    onValuesChange: () => setResult(null),
  });

  const { send, confirmRemove, showServerErrors } = useEngineActions<TranslationEnginesResponse>({
    ns: 'translationEngines',
    slot,
    storedKind: stored?.kind,
    save: (saveUntested, handlers) => save.mutate({ slot, body: { ...engineBody(form.values)!, ...(saveUntested ? { saveUntested: true } : {}) } }, handlers),
    remove: (handlers) => remove.mutate(slot, handlers),
    onSaved: (engines) => {
      const saved = engines.engines.find((e) => e.slot === slot);
      form.setValues(initialEngineValues(saved));
      form.resetDirty(initialEngineValues(saved));
    },
    onRemoved: (engines) => form.setValues(initialEngineValues(engines.engines.find((e) => e.slot === slot))),
    setErrors: (errors) => form.setErrors(errors),
  });

  const handleTest = () => {
    if (form.validate().hasErrors) return;
    test.mutate({ ...engineBody(form.values)!, slot }, { onSuccess: setResult, onError: showServerErrors });
  };

  const kinds = translationEngineKinds.map((k) => ({ value: k, label: t(`translationEngines.names.${k}`) }));
  return (
    <form onSubmit={form.onSubmit(() => send(false))} noValidate aria-label={t(`translationEngines.slots.${slot}`)}>
      <Stack gap="sm">
        <Select
          label={t('translationEngines.fields.engine')}
          placeholder={t('translationEngines.fields.choose')}
          data={kinds}
          allowDeselect={false}
          maw={420}
          {...form.getInputProps('kind')}
          onChange={(kind) => form.setValues({ ...initialEngineValues(kind === stored?.kind ? stored : undefined), kind: (kind ?? '') as EngineFormValues['kind'] })}
        />
        {form.values.kind && <Text size="sm" c="dimmed">{t(`translationEngines.about.${form.values.kind}`)}</Text>}
        <EngineFields form={form} stored={stored} />
        {result && <EngineTestResultView result={result} />}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm">
            <Button variant="light" onClick={handleTest} loading={test.isPending} disabled={!form.values.kind}>{t('translationEngines.test.button')}</Button>
            <Button type="submit" loading={save.isPending} disabled={!form.values.kind}>{t('translationEngines.save')}</Button>
          </Group>
          {stored && <Button variant="subtle" color="red" onClick={confirmRemove} loading={remove.isPending}>{t('translationEngines.remove.button')}</Button>}
        </Group>
        {stored && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>{t('translationEngines.health.title')}</Text>
            <EngineHealthView health={health} />
          </Stack>
        )}
      </Stack>
    </form>
  );
}
