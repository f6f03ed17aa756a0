import { Stack, Text } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { EngineSlot } from '@app/shared';
import { dialogs } from '../../../components/dialogs';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { serverFieldErrors } from '../../../lib/zod-form';
import { EngineWords } from './engine-status';

type Handlers<R> = { onSuccess: (result: R) => void; onError: (err: unknown) => void };

interface EngineActions<R> {
  /** i18n namespace of the family's own words: its engines' names, what saving and removing say. */
  ns: 'translationEngines' | 'recognitionEngines' | 'voiceEngines';
  slot: EngineSlot;
  storedKind: string | undefined;
  save: (saveUntested: boolean, handlers: Handlers<R>) => void;
  remove: (handlers: Handlers<R>) => void;
  onSaved: (result: R) => void;
  onRemoved: (result: R) => void;
  setErrors: (errors: FormErrors) => void;
}

/**
 * Saving and removing an engine of a church, for translation (decision 033) and recognition
 * (decision 038) alike: a save whose test failed asks, with the engine's words, before saving
 * anyway; removing asks first.
 */
export function useEngineActions<R>({ ns, slot, storedKind, save, remove, onSaved, onRemoved, setErrors }: EngineActions<R>) {
  const { t } = useTranslation();

  const showServerErrors = (err: unknown) => {
    const fields = serverFieldErrors(err, t);
    if (Object.keys(fields).length > 0) setErrors(fields);
    notifications.show({ color: 'red', message: errorMessage(err, t) });
  };

  const send = (saveUntested: boolean) => {
    save(saveUntested, {
      onSuccess: (result) => {
        onSaved(result);
        notifications.show({ color: 'teal', message: saveUntested ? t(`${ns}.savedUntested`) : t('translationEngines.saved') });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'engine_test_failed') {
          dialogs.confirm({
            title: t('translationEngines.untested.title'),
            children: (
              <Stack gap="xs">
                <Text size="sm">{t(`${ns}.untested.body`)}</Text>
                <EngineWords words={err.message} />
                <Text size="sm">{t(`${ns}.untested.consequence`)}</Text>
              </Stack>
            ),
            labels: { confirm: t('translationEngines.untested.confirm'), cancel: t('common.cancel') },
            // Orange's filled shade under white text is 3.6:1; the darker shade passes 4.5:1.
            confirmProps: { color: 'orange.9' },
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

  const confirmRemove = () => {
    if (!storedKind) return;
    dialogs.confirm({
      title: t('translationEngines.remove.title', { engine: t(`${ns}.names.${storedKind}`) }),
      children: <Text size="sm">{t(slot === 'primary' ? `${ns}.remove.bodyPrimary` : `${ns}.remove.bodyFailover`)}</Text>,
      labels: { confirm: t('translationEngines.remove.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove({
        onSuccess: (result) => {
          onRemoved(result);
          notifications.show({ color: 'teal', message: t('translationEngines.removed') });
        },
        onError: showServerErrors,
      }),
    });
  };

  return { send, confirmRemove, showServerErrors };
}
