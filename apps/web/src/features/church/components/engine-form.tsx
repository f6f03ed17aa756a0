import { useState } from 'react';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { engineConfig, engineNeedsKey, translationEngineKinds, type EngineHealth, type EngineSettings, type EngineSlot, type EngineTestResult } from '@app/shared';
import { dialogs } from '../../../components/dialogs';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { serverFieldErrors, zodIssueKeys } from '../../../lib/zod-form';
import { useRemoveTranslationEngine } from '../api/remove-translation-engine';
import { useSaveTranslationEngine } from '../api/save-translation-engine';
import { useTestTranslationEngine } from '../api/test-translation-engine';
import { EngineFields } from './engine-fields';
import { engineBody, hasStoredKeyFor, initialEngineValues, type EngineFormValues } from './engine-form-values';
import { EngineHealthView, EngineTestResultView } from './engine-status';

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

  const showServerErrors = (err: unknown) => {
    const fields = serverFieldErrors(err, t);
    if (Object.keys(fields).length > 0) form.setErrors(fields);
    notifications.show({ color: 'red', message: errorMessage(err, t) });
  };

  const handleTest = () => {
    if (form.validate().hasErrors) return;
    test.mutate({ ...engineBody(form.values)!, slot }, { onSuccess: setResult, onError: showServerErrors });
  };

  const send = (saveUntested: boolean) => {
    save.mutate({ slot, body: { ...engineBody(form.values)!, ...(saveUntested ? { saveUntested: true } : {}) } }, {
      onSuccess: (engines) => {
        const saved = engines.engines.find((e) => e.slot === slot);
        form.setValues(initialEngineValues(saved));
        form.resetDirty(initialEngineValues(saved));
        notifications.show({ color: 'teal', message: saveUntested ? t('translationEngines.savedUntested') : t('translationEngines.saved') });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'engine_test_failed') {
          dialogs.confirm({
            title: t('translationEngines.untested.title'),
            children: (
              <Stack gap="xs">
                <Text size="sm">{t('translationEngines.untested.body')}</Text>
                <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{err.message}</Text>
                <Text size="sm">{t('translationEngines.untested.consequence')}</Text>
              </Stack>
            ),
            labels: { confirm: t('translationEngines.untested.confirm'), cancel: t('common.cancel') },
            confirmProps: { color: 'orange' },
            onConfirm: () => send(true),
          });
          return;
        }
        if (err instanceof ApiError && err.code === 'no_changes') {
          notifications.show({ color: 'yellow', message: t('church.noChanges') });
          return;
        }
        showServerErrors(err);
      },
    });
  };

  const handleRemove = () => {
    if (!stored) return;
    dialogs.confirm({
      title: t('translationEngines.remove.title', { engine: t(`translationEngines.names.${stored.kind}`) }),
      children: <Text size="sm">{t(slot === 'primary' ? 'translationEngines.remove.bodyPrimary' : 'translationEngines.remove.bodyFailover')}</Text>,
      labels: { confirm: t('translationEngines.remove.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(slot, {
        onSuccess: (engines) => {
          form.setValues(initialEngineValues(engines.engines.find((e) => e.slot === slot)));
          notifications.show({ color: 'teal', message: t('translationEngines.removed') });
        },
        onError: showServerErrors,
      }),
    });
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
          {stored && <Button variant="subtle" color="red" onClick={handleRemove} loading={remove.isPending}>{t('translationEngines.remove.button')}</Button>}
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
