import { useId, useState, type FormEvent } from 'react';
import { ActionIcon, Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fromLocalInput, type ChurchLanguage } from '@app/shared';
import { confirmDestructive } from './confirm-button';
import { useHeadingLevel } from './heading-level';
import { ApiError } from '../lib/api-client';
import { errorMessage } from '../lib/error-message';
import { languageName } from '../lib/language-label';
import { useCreateScheduledSermon, useDeleteScheduledSermon, useUpcomingServices } from '../lib/scheduled-sermons';
import { formattingLocale, interfaceLanguage } from '../i18n/interface-language';

interface ScheduleProps {
  churchId: string;
  /** The church's time zone: the form's local time and the list are in it, wherever the browser is. */
  timeZone: string;
  goLiveLanguages: ChurchLanguage[];
}

/**
 * Upcoming services of the church (docs/decisions/019): the lobby counts down to the next one. Shown on
 * Manage Church and on Go Live, where staff (who may schedule, `schedule:manage`) find it.
 */
export function ScheduledServicesCard({ canManage, ...props }: ScheduleProps & { canManage: boolean }) {
  const { churchId, timeZone, goLiveLanguages } = props;
  const sectionOrder = useHeadingLevel(1);
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const services = useUpcomingServices(churchId);
  const remove = useDeleteScheduledSermon();
  const format = new Intl.DateTimeFormat(formattingLocale(i18n), { dateStyle: 'full', timeStyle: 'short', timeZone: timeZone });

  const handleRemove = (id: string, title: string) =>
    confirmDestructive({
      title: t('schedule.deleteTitle'),
      message: t('schedule.deleteBody', { title }),
      confirmLabel: t('schedule.delete'),
      onConfirm: () => remove.mutate(id, {
        onSuccess: () => notifications.show({ color: 'green', message: t('schedule.deleted') }),
        onError: (err) => notifications.show({ color: 'red', message: errorMessage(err, t) }),
      }),
    }, t('common.cancel'));

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={sectionOrder} size="h4" id={headingId}>{t('schedule.title')}</Title>
        <Text size="sm" c="dimmed">{t('schedule.intro')} {t('schedule.timeZoneNote', { zone: timeZone })}</Text>
        {services.isError ? (
          <Alert color="red">{errorMessage(services.error, t)}</Alert>
        ) : services.data && services.data.items.length === 0 ? (
          <Text size="sm">{t('schedule.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={300}>
            {/* Fits a 390 px phone: the title and time wrap, the delete button stays on screen. */}
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('schedule.fieldTitle')}</Table.Th>
                  <Table.Th>{t('schedule.fieldStartsAt')}</Table.Th>
                  <Table.Th>{t('schedule.fieldLanguage')}</Table.Th>
                  <Table.Th><VisuallyHidden>{t('schedule.delete')}</VisuallyHidden></Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {services.data?.items.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>{s.title}</Table.Td>
                    <Table.Td>{format.format(new Date(s.startsAt))}</Table.Td>
                    <Table.Td>{languageName(s.sourceLanguage, goLiveLanguages.find((l) => l.code === s.sourceLanguage)?.name ?? '', interfaceLanguage(i18n))}</Table.Td>
                    <Table.Td>
                      {canManage && (
                        <ActionIcon variant="subtle" color="red" aria-label={`${t('schedule.delete')}: ${s.title}`} onClick={() => handleRemove(s.id, s.title)}>
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {canManage && <ScheduleForm {...props} />}
      </Stack>
    </Paper>
  );
}

function ScheduleForm({ churchId, timeZone, goLiveLanguages }: ScheduleProps) {
  const { t, i18n } = useTranslation();
  const create = useCreateScheduledSermon();
  const [title, setTitle] = useState('');
  const [startsAt, setStartsAt] = useState('');
  // The languages may arrive after the form: until one is picked, the church's first go-live language.
  const [chosenLanguage, setLanguage] = useState<string | null>(null);
  const language = chosenLanguage ?? goLiveLanguages[0]?.code ?? null;
  const [errors, setErrors] = useState<Record<string, string>>({});

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    create.mutate(
      { churchId, title, startsAt: fromLocalInput(startsAt, timeZone) ?? startsAt, sourceLanguage: language ?? '' },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('schedule.saved') });
          setTitle('');
          setStartsAt('');
        },
        onError: (err) => {
          const fields = err instanceof ApiError ? err.errors : [];
          if (fields.length === 0) return setErrors({ form: errorMessage(err, t) });
          setErrors(Object.fromEntries(fields.map((f) => [f.field, f.key ? t(f.key) : f.message])));
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label={t('schedule.fieldTitle')} value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={errors.title} required />
          <TextInput type="datetime-local" label={t('schedule.fieldStartsAt')} value={startsAt} onChange={(e) => setStartsAt(e.currentTarget.value)} error={errors.startsAt} required />
          <Select
            label={t('schedule.fieldServiceLanguage')}
            data={goLiveLanguages.map((l) => ({ value: l.code, label: languageName(l.code, l.name, interfaceLanguage(i18n)) }))}
            value={language}
            onChange={setLanguage}
            error={errors.sourceLanguage}
            allowDeselect={false}
          />
        </SimpleGrid>
        {errors.form && <Alert color="red">{errors.form}</Alert>}
        <Group>
          <Button type="submit" loading={create.isPending}>{t('schedule.add')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
