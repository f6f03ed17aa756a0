import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { dialogs } from '../../../components/dialogs';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChurchDetails } from '@app/shared';
import { paths } from '../../../config/paths';
import { useHeadingLevel } from '../../../components/heading-level';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useDeleteChurch } from '../api/delete-church';

/** How many people the server said the church still has (409 `church_has_people`). */
const peopleLeft = (err: unknown) => (err instanceof ApiError && err.code === 'church_has_people' ? Number(err.errors.find((e) => e.field === 'peopleCount')?.message ?? 0) : null);

/** The typed-name confirmation: deleting a church cannot be undone. */
function ConfirmDelete({ church, onDone }: { church: ChurchDetails; onDone: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteChurch();
  const [typed, setTyped] = useState('');
  const left = peopleLeft(remove.error);
  return (
    <Stack>
      <Text size="sm">{t('churches.delete.body', { name: church.name })}</Text>
      <TextInput label={t('churches.delete.typeName', { name: church.name })} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="off" data-autofocus />
      {remove.error != null && (
        <Alert color="red" role="alert" title={left !== null ? t('churches.delete.hasPeopleTitle') : t('churches.delete.failed')}>
          {left !== null ? t('churches.delete.hasPeople', { count: left }) : errorMessage(remove.error, t)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => dialogs.closeAll()}>{t('common.cancel')}</Button>
        <Button
          color="red"
          disabled={typed.trim() !== church.name}
          loading={remove.isPending}
          onClick={() => remove.mutate(church.id, { onSuccess: onDone })}
        >
          {t('churches.delete.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Platform admins delete a church: refused while it has people, else after typing its name. */
export function DeleteChurchCard({ church }: { church: ChurchDetails }) {
  const sectionOrder = useHeadingLevel(1);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = () =>
    dialogs.open({
      title: t('churches.delete.title', { name: church.name }),
      closeButtonProps: { 'aria-label': t('common.cancel') },
      children: (
        <ConfirmDelete
          church={church}
          onDone={() => {
            dialogs.closeAll();
            notifications.show({ color: 'green', message: t('churches.delete.done', { name: church.name }) });
            navigate(paths.churches);
          }}
        />
      ),
    });
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm" align="flex-start">
        <Title order={sectionOrder} size="h4">{t('churches.delete.section')}</Title>
        <Text size="sm" c="dimmed">{t('churches.delete.hint')}</Text>
        <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={open}>
          {t('churches.delete.open')}
        </Button>
      </Stack>
    </Paper>
  );
}
