import { SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { createEventBody, updateEventBody } from '@app/shared';
import { ChurchSelect } from '../../../components/church-select';
import { ApiError } from '../../../lib/api-client';
import { FormActions } from '../../../components/form-actions';
import { usePublicChurches } from '../../../lib/public-churches';
import { serverFieldErrors, zodFormValidate } from '../../../lib/zod-form';
import { toEventBody, type EventFormValues } from './event-form-values';
import { zoneCity } from './event-when';

interface Props {
  initial: EventFormValues;
  isNew: boolean;
  /** Platform admins choose the church; everyone else adds events to their own. */
  canChooseChurch: boolean;
  saving: boolean;
  error: unknown;
  saveLabel: string;
  onSubmit: (body: ReturnType<typeof toEventBody>) => Promise<unknown>;
  onCancel: () => void;
}

/** Name, times in the church's time zone, description, place, church and whether it is public. */
export function EventForm({ initial, isNew, canChooseChurch, saving, error, saveLabel, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const churches = usePublicChurches();
  const zoneOf = (churchId: string) => churches.data?.find((c) => c.id === churchId)?.timeZone;
  const form = useForm<EventFormValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: zodFormValidate(isNew ? createEventBody : updateEventBody, t, { toInput: (v: EventFormValues) => toEventBody(v, zoneOf(v.churchId)) }),
  });
  const timeZone = zoneOf(form.values.churchId);
  const zoneHint = timeZone ? t('events.form.zoneHint', { city: zoneCity(timeZone) }) : undefined;

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      await onSubmit(toEventBody(values, zoneOf(values.churchId)));
    } catch (err) {
      form.setErrors(serverFieldErrors(err, t));
    }
  });
  const errorsFor = (field: 'startsAtLocal' | 'endsAtLocal', apiField: 'startsAt' | 'endsAt') => form.errors[field] ?? form.errors[apiField];
  const showError = error != null && !(error instanceof ApiError && (error.errors.length > 0 || error.code === 'no_changes'));

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <TextInput label={t('events.fields.name')} required {...form.getInputProps('name')} />
        {canChooseChurch && <ChurchSelect required allowDeselect={false} {...form.getInputProps('churchId')} />}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="datetime-local"
            label={t('events.fields.startsAt')}
            description={zoneHint}
            required
            {...form.getInputProps('startsAtLocal')}
            error={errorsFor('startsAtLocal', 'startsAt')}
          />
          <TextInput
            type="datetime-local"
            label={t('events.fields.endsAt')}
            description={t('events.form.endHint')}
            {...form.getInputProps('endsAtLocal')}
            error={errorsFor('endsAtLocal', 'endsAt')}
          />
        </SimpleGrid>
        <TextInput label={t('events.fields.location')} {...form.getInputProps('location')} />
        <Textarea label={t('events.fields.description')} required autosize minRows={3} maxRows={10} {...form.getInputProps('description')} />
        <Switch label={t('events.fields.isPublic')} description={t('events.form.publicHint')} {...form.getInputProps('isPublic', { type: 'checkbox' })} />
        <FormActions saving={saving} error={showError ? error : null} onCancel={onCancel} saveLabel={saveLabel} errorTitle={t('events.form.saveFailed')} />
      </Stack>
    </form>
  );
}
