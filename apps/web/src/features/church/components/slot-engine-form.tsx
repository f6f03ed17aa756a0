import { useState, type ReactNode } from 'react';
import { Alert, Checkbox, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { EngineError, EngineSlot } from '@app/shared';
import { zodIssueKeys } from '../../../lib/zod-form';
import { EngineErrorView } from './engine-status';
import { EngineFormButtons, SlotEngineHealth } from './slot-engine-parts';
import { useEngineActions } from './use-engine-actions';

export interface SlotEngineValues<K extends string> {
  kind: K | '';
  key: string;
  url: string;
  model: string;
  removeKey: boolean;
}

interface Stored<K extends string> { slot: EngineSlot; kind: K; url: string | null; model: string | null; hasKey: boolean; key: string | null }
interface Health { lastOkAt: string | null; lastError: string | null; lastErrorAt: string | null }
/**
 * The part of a mutation the form uses. `mutate` is a method so that each family's own body types
 * fit (methods compare their parameters both ways); what the form sends is the family's `body`.
 */
interface Mutation<R> {
  isPending: boolean;
  mutate(variables: unknown, options: { onSuccess: (result: R) => void; onError: (err: unknown) => void }): void;
}

/**
 * What one family of engines in two slots needs of the shared form (recognition, decision 038;
 * voice, decision 040): its kinds and words, the body each kind sends, which kind talks to a server
 * at the church's own address (address, model, optional key), and what a passed test and a week say.
 */
export interface SlotEngineFamily<K extends string, S extends Stored<K>, H extends Health, R extends { engines: S[] }, T extends { ok: boolean; latencyMs: number; error: EngineError | null }> {
  ns: 'recognitionEngines' | 'voiceEngines';
  kinds: readonly K[];
  config: z.ZodType;
  body: (values: SlotEngineValues<K>) => object | null;
  needsKey: (kind: K) => boolean;
  /** The kind at the church's own server: address and model fields, a key only if the server asks. */
  serverKind: K;
  /** Kinds with no fields of their own (they use the church's speech key, or need nothing). */
  fieldless: readonly K[];
  placeholders: { url: string; model: string };
  api: {
    useSave: (churchId: string) => Mutation<R>;
    useRemove: (churchId: string) => Mutation<R>;
    useTest: (churchId: string) => Mutation<T>;
  };
  passed: (result: T) => { title: string; body: string };
  /** Whether a stored engine has health to show, and this week's line. */
  health: (stored: S, health: H | undefined) => { shown: boolean; quiet: boolean; week: string } ;
}

const initial = <K extends string>(stored: Stored<K> | undefined): SlotEngineValues<K> => ({
  kind: stored?.kind ?? '', key: '', url: stored?.url ?? '', model: stored?.model ?? '', removeKey: false,
});

interface Props<K extends string, S extends Stored<K>, H extends Health, R extends { engines: S[] }, T extends { ok: boolean; latencyMs: number; error: EngineError | null }> {
  family: SlotEngineFamily<K, S, H, R, T>;
  churchId: string;
  slot: EngineSlot;
  stored: S | undefined;
  health: H | undefined;
}

/** One engine of a church in one slot: which engine, its key or address, Test connection, save, remove, health. */
export function SlotEngineForm<K extends string, S extends Stored<K>, H extends Health, R extends { engines: S[] }, T extends { ok: boolean; latencyMs: number; error: EngineError | null }>({ family, churchId, slot, stored, health }: Props<K, S, H, R, T>): ReactNode {
  const { t } = useTranslation();
  const { ns } = family;
  const save = family.api.useSave(churchId);
  const remove = family.api.useRemove(churchId);
  const test = family.api.useTest(churchId);
  const [result, setResult] = useState<T | null>(null);
  const form = useForm<SlotEngineValues<K>>({
    initialValues: initial(stored),
    validate: (values) => {
      const body = family.body(values);
      if (!body || !values.kind) return { kind: t('validation.required') };
      const errors: Record<string, string> = Object.fromEntries(Object.entries(zodIssueKeys(family.config, body)).map(([f, k]) => [f, t(k)]));
      const storedKey = stored?.kind === values.kind && stored.hasKey;
      if (family.needsKey(values.kind) && !values.key.trim() && !storedKey) errors.key ??= t('validation.required');
      return errors;
    },
    onValuesChange: () => setResult(null),
  });
  const bodyOf = (extra: object) => ({ ...family.body(form.values)!, ...extra });
  const { send, confirmRemove, showServerErrors } = useEngineActions<R>({
    ns, slot, storedKind: stored?.kind,
    save: (saveUntested, handlers) => save.mutate({ slot, body: bodyOf(saveUntested ? { saveUntested: true } : {}) }, handlers),
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
    test.mutate(bodyOf({ slot }), { onSuccess: setResult, onError: showServerErrors });
  };

  const { kind } = form.values;
  const storedKey = !!stored && stored.kind === kind && stored.hasKey;
  const isServer = kind === family.serverKind;
  const shown = stored ? family.health(stored, health) : null;
  const ok = result?.ok ? family.passed(result) : null;
  return (
    <form onSubmit={form.onSubmit(() => send(false))} noValidate aria-label={t(`${ns}.slotLabels.${slot}`)}>
      <Stack gap="sm">
        <Select
          label={t('translationEngines.fields.engine')}
          placeholder={t('translationEngines.fields.choose')}
          data={family.kinds.map((k) => ({ value: k, label: t(`${ns}.names.${k}`) }))}
          allowDeselect={false}
          maw={420}
          {...form.getInputProps('kind')}
          onChange={(next) => form.setValues({ ...initial(next === stored?.kind ? stored : undefined), kind: (next ?? '') as K })}
        />
        {kind && <Text size="sm" c="dimmed">{t(`${ns}.about.${kind}`)}</Text>}
        {kind && !family.fieldless.includes(kind) && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {isServer && (
              <>
                <TextInput label={t('translationEngines.fields.url.openai')} description={t(`${ns}.urlHint`)} placeholder={family.placeholders.url} inputMode="url" {...form.getInputProps('url')} />
                <TextInput label={t('translationEngines.fields.model')} description={t(`${ns}.modelHint`)} placeholder={family.placeholders.model} {...form.getInputProps('model')} />
              </>
            )}
            <PasswordInput
              label={isServer ? t('translationEngines.fields.keyOptional') : t('translationEngines.fields.key')}
              description={storedKey ? t('church.settings.keyStored', { masked: stored?.key ?? '••••' }) : t(`${ns}.keyHints.${kind}`)}
              autoComplete="off"
              disabled={form.values.removeKey}
              {...form.getInputProps('key')}
            />
          </SimpleGrid>
        )}
        {storedKey && isServer && <Checkbox label={t('translationEngines.fields.removeKey')} {...form.getInputProps('removeKey', { type: 'checkbox' })} />}
        {kind && ns === 'voiceEngines' && <Text size="xs" c="dimmed">{t('voiceEngines.voicesHint')}</Text>}
        {result && (ok
          ? <Alert color="teal" role="status" title={ok.title}><Text size="sm">{ok.body}</Text></Alert>
          : <EngineErrorView error={result.error} />)}
        <EngineFormButtons canAct={!!kind} testing={test.isPending} saving={save.isPending} removing={remove.isPending} hasStored={!!stored} onTest={handleTest} onRemove={confirmRemove} />
        {shown?.shown && (
          <SlotEngineHealth health={health} quiet={shown.quiet} none={t(`${ns}.health.none`)} week={shown.week} lastOk={(when) => t(`${ns}.health.lastOk`, { when })} />
        )}
      </Stack>
    </form>
  );
}
