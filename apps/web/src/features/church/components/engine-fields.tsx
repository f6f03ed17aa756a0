import { Autocomplete, Checkbox, PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { azureRegions, engineNeedsKey, type EngineSettings } from '@app/shared';
import { hasStoredKeyFor, type EngineFormValues } from './engine-form-values';

/**
 * The fields of the engine chosen: Azure's key, region and endpoint; DeepL's and Google's key;
 * LibreTranslate's address and optional key; a model server's address, model and optional key.
 */
export function EngineFields({ form, stored }: { form: UseFormReturnType<EngineFormValues>; stored: EngineSettings | undefined }) {
  const { t } = useTranslation();
  const { kind } = form.values;
  if (!kind) return null;
  const storedKey = hasStoredKeyFor(form.values, stored);
  const keyField = (
    <PasswordInput
      label={engineNeedsKey(kind) ? t('translationEngines.fields.key') : t('translationEngines.fields.keyOptional')}
      description={storedKey ? t('church.settings.keyStored', { masked: stored?.key ?? '••••' }) : t(`translationEngines.keyHints.${kind}`)}
      autoComplete="off"
      disabled={form.values.removeKey}
      {...form.getInputProps('key')}
    />
  );
  return (
    <>
      {kind === 'azure' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {keyField}
          <Autocomplete label={t('church.settings.translatorLocation')} description={t('church.settings.translatorLocationHint')} data={['global', ...azureRegions]} {...form.getInputProps('region')} />
          <TextInput label={t('church.settings.translatorEndpoint')} description={t('church.settings.endpointHint')} placeholder="https://api.cognitive.microsofttranslator.com" {...form.getInputProps('endpoint')} />
        </SimpleGrid>
      )}
      {(kind === 'deepl' || kind === 'google') && <SimpleGrid cols={{ base: 1, sm: 2 }}>{keyField}</SimpleGrid>}
      {(kind === 'libretranslate' || kind === 'openai') && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t(`translationEngines.fields.url.${kind}`)}
            description={t(`translationEngines.fields.urlHint.${kind}`)}
            placeholder={kind === 'openai' ? 'https://api.openai.com/v1' : 'https://translate.example.org'}
            inputMode="url"
            {...form.getInputProps('url')}
          />
          {kind === 'openai' && (
            <TextInput label={t('translationEngines.fields.model')} description={t('translationEngines.fields.modelHint')} placeholder="gpt-4o-mini" {...form.getInputProps('model')} />
          )}
          {keyField}
        </SimpleGrid>
      )}
      {storedKey && (kind === 'libretranslate' || kind === 'openai') && (
        <Checkbox label={t('translationEngines.fields.removeKey')} {...form.getInputProps('removeKey', { type: 'checkbox' })} />
      )}
    </>
  );
}
