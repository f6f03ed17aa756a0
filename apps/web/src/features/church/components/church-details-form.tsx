import { Button, Fieldset, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { australianTimeZones, createChurchBody, STREAM_LIMIT_MAX_MINUTES, updateChurchBody } from '@app/shared';
import { ChurchMap } from '../../../components/map/church-map';
import { FormActions } from '../../../components/form-actions';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors, zodFormValidate } from '../../../lib/zod-form';
import { toCreateBody, toUpdateBody, type ChurchDetailsValues } from './church-details-values';

interface Props {
  initial: ChurchDetailsValues;
  /** Creating (platform admins): the weekly stream limit is part of the form. */
  isNew: boolean;
  saving: boolean;
  error: unknown;
  saveLabel: string;
  onSubmit: (values: ChurchDetailsValues) => Promise<unknown>;
  onCancel?: () => void;
}

/** A readable zone name: "Australia/Lord_Howe" → "Lord Howe (Australia)". */
export const zoneLabel = (zone: string) => {
  const [region, city] = zone.split('/');
  return `${(city ?? zone).replace(/_/g, ' ')} (${region})`;
};

/**
 * Every church field of spec section 3 with the rules of section 5 (the shared schema the server
 * uses), the Australian time zone, and the location by map or typed coordinates.
 */
export function ChurchDetailsForm({ initial, isNew, saving, error, saveLabel, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const form = useForm<ChurchDetailsValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: zodFormValidate(isNew ? createChurchBody : updateChurchBody, t, { toInput: isNew ? toCreateBody : toUpdateBody }),
  });
  const lat = form.values.latitude;
  const lng = form.values.longitude;
  const position = typeof lat === 'number' && typeof lng === 'number' ? { latitude: lat, longitude: lng } : null;

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      await onSubmit(values);
      if (!isNew) form.resetDirty(values);
    } catch (err) {
      form.setErrors(serverFieldErrors(err, t));
    }
  });

  const showError = error != null && !(error instanceof ApiError && error.errors.length > 0);
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <Fieldset legend={t('churches.form.details')}>
          <Stack>
            <TextInput label={t('churches.fields.name')} required {...form.getInputProps('name')} />
            <TextInput label={t('churches.fields.address')} required {...form.getInputProps('address')} />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label={t('churches.fields.suburb')} required {...form.getInputProps('suburb')} />
              <TextInput label={t('churches.fields.state')} required {...form.getInputProps('state')} />
              <TextInput label={t('churches.fields.country')} required {...form.getInputProps('country')} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label={t('churches.fields.contactNumber')} required inputMode="numeric" autoComplete="tel" {...form.getInputProps('contactNumber')} />
              <TextInput label={t('churches.fields.pastorName')} required {...form.getInputProps('pastorName')} />
              <TextInput label={t('churches.fields.pastorPhone')} required inputMode="numeric" {...form.getInputProps('pastorPhone')} />
            </SimpleGrid>
            {/* On the church page the time zone and the limit have their own cards (live settings, allowance). */}
            {isNew && (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label={t('churches.fields.timeZone')}
                  description={t('churches.form.timeZoneHint')}
                  required
                  allowDeselect={false}
                  data={australianTimeZones.map((z) => ({ value: z, label: zoneLabel(z) }))}
                  {...form.getInputProps('timeZone')}
                />
                <NumberInput
                  label={t('churches.fields.weeklyStreamLimit')}
                  description={t('churches.form.limitHint')}
                  required
                  min={0}
                  max={STREAM_LIMIT_MAX_MINUTES}
                  allowDecimal={false}
                  allowNegative={false}
                  {...form.getInputProps('weeklyStreamLimitMinutes')}
                />
              </SimpleGrid>
            )}
          </Stack>
        </Fieldset>
        <Fieldset legend={t('churches.form.location')}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">{t('churches.form.locationHint')}</Text>
            <ChurchMap
              position={position}
              label={t('churches.form.mapLabel')}
              onPick={(p) => form.setValues({ latitude: p.latitude, longitude: p.longitude })}
            />
            <Group grow align="flex-start">
              <NumberInput label={t('churches.fields.latitude')} decimalScale={6} min={-90} max={90} {...form.getInputProps('latitude')} />
              <NumberInput label={t('churches.fields.longitude')} decimalScale={6} min={-180} max={180} {...form.getInputProps('longitude')} />
            </Group>
            {position && (
              <Group>
                <Button variant="subtle" size="xs" onClick={() => form.setValues({ latitude: '', longitude: '' })}>
                  {t('churches.form.clearLocation')}
                </Button>
              </Group>
            )}
          </Stack>
        </Fieldset>
        <FormActions saving={saving} error={showError ? error : null} onCancel={onCancel} saveLabel={saveLabel} errorTitle={t('churches.form.saveFailed')} />
      </Stack>
    </form>
  );
}
