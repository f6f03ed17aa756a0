import { Button, Group, SegmentedControl, Select, SimpleGrid, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { createGlossaryEntryBody, listeningLanguages, type CreateGlossaryEntryBody, type GlossaryEntry, type GlossaryKind } from '@app/shared';
import { useLanguageName } from '../../../lib/use-language-name';
import { errorMessage } from '../../../lib/error-message';
import { serverFieldErrors, zodFormValidate } from '../../../lib/zod-form';
import { useSaveGlossaryEntry } from '../api/save-glossary-entry';

export interface GlossaryFormValues {
  term: string;
  kind: GlossaryKind;
  language: string;
  translations: Record<string, string>;
  heardAs: string[];
  note: string;
}

/** The request body: empty translation boxes are left out (that language then follows the starter glossary). */
export function toGlossaryBody(v: GlossaryFormValues): CreateGlossaryEntryBody {
  const translations = Object.fromEntries(
    Object.entries(v.translations).filter(([code, text]) => code !== v.language && text.trim() !== ''),
  );
  return { term: v.term, kind: v.kind, language: v.language, translations: v.kind === 'fixed' ? translations : {}, heardAs: v.heardAs, note: v.note };
}

export const emptyGlossaryForm = (seed: Partial<GlossaryFormValues> = {}): GlossaryFormValues => ({
  term: '', kind: 'keep', language: 'en', translations: {}, heardAs: [], note: '', ...seed,
});

export const formFromEntry = (e: GlossaryEntry): GlossaryFormValues =>
  ({ term: e.term, kind: e.kind, language: e.language, translations: { ...e.translations }, heardAs: e.heardAs, note: e.note });

/** Add or change one glossary entry: the term, keep or a fixed translation per language, heard-as variants, a note. */
export function GlossaryEntryForm({ path, entry, fromFlagId, initial, onDone }: {
  path: string;
  entry?: GlossaryEntry;
  /** Saving accepts this listener's flag as well. */
  fromFlagId?: string;
  initial: GlossaryFormValues;
  onDone: (saved: GlossaryEntry) => void;
}) {
  const { t } = useTranslation();
  const languageName = useLanguageName();
  const save = useSaveGlossaryEntry(path, fromFlagId);
  const form = useForm<GlossaryFormValues>({
    initialValues: initial,
    validate: zodFormValidate(createGlossaryEntryBody, t, { toInput: toGlossaryBody }),
  });
  const others = listeningLanguages.filter((l) => l.code !== form.values.language);

  const submit = form.onSubmit((values) =>
    save.mutate({ id: entry?.id, body: toGlossaryBody(values) }, {
      onSuccess: onDone,
      onError: (err) => form.setErrors(serverFieldErrors(err, t)),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={t('glossary.fields.term')} description={t('glossary.fields.termHint')} required data-autofocus {...form.getInputProps('term')} />
        <SegmentedControl
          aria-label={t('glossary.fields.kind')}
          data={[{ value: 'keep', label: t('glossary.kinds.keep') }, { value: 'fixed', label: t('glossary.kinds.fixed') }]}
          {...form.getInputProps('kind')}
        />
        <Text size="xs" c="dimmed">{t(`glossary.kinds.${form.values.kind}Hint`)}</Text>
        <Select
          label={t('glossary.fields.language')}
          data={listeningLanguages.map((l) => ({ value: l.code, label: languageName(l.code) }))}
          allowDeselect={false}
          {...form.getInputProps('language')}
        />
        {form.values.kind === 'fixed' && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>{t('glossary.fields.translations')}</Text>
            {typeof form.errors.translations === 'string' && <Text size="xs" c="red" role="alert">{form.errors.translations}</Text>}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              {others.map((l) => (
                <TextInput key={l.code} label={languageName(l.code)} lang={l.code} dir={l.rtl ? 'rtl' : undefined} {...form.getInputProps(`translations.${l.code}`)} value={form.values.translations[l.code] ?? ''} />
              ))}
            </SimpleGrid>
          </Stack>
        )}
        <TagsInput label={t('glossary.fields.heardAs')} description={t('glossary.fields.heardAsHint')} {...form.getInputProps('heardAs')} />
        <Textarea label={t('glossary.fields.note')} autosize minRows={2} {...form.getInputProps('note')} />
        {save.isError && Object.keys(serverFieldErrors(save.error, t)).length === 0 && <Text c="red" size="sm" role="alert">{errorMessage(save.error, t)}</Text>}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>{t('glossary.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
