import { Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { ErrorState, LoadingState } from '../../../components/query-states';
import { usersApi } from '../api/users';
import { PersonHeader } from '../components/person-header';
import { ResetTwoStepButton } from '../components/reset-two-step-button';
import { personToForm } from '../components/person-form-values';
import { saveError } from '../components/save-error';
import { useViewer } from '../components/use-viewer';
import { UserForm } from './user-form';

/** `/users/:id`: a person's details, edited in place; deleted after a confirmation that names them. */
export function UserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const viewer = useViewer();
  const person = usersApi.useOne(id);
  const update = usersApi.useUpdate(id);
  const remove = usersApi.useDelete();

  if (person.isPending) return <LoadingState />;
  if (person.isError) return <ErrorState error={person.error} onRetry={() => void person.refetch()} title={t('people.loadFailed')} />;
  const p = person.data;
  const name = `${p.firstName} ${p.lastName}`.trim();
  const isAdmin = viewer.role === 'church_admin' || viewer.role === 'platform_admin';
  const isSelf = viewer.userId === p.id;

  return (
    <Stack gap="md">
      <PersonHeader
        person={p}
        canDelete={isAdmin && !isSelf && p.role !== 'platform_admin'}
        deleting={remove.isPending}
        onDelete={() => remove.mutateAsync(p.id)}
        onDeleted={() => navigate(paths.users)}
      >
        <Text size="sm" c="dimmed">{t('fields.referralCode')}: {p.referralCode}</Text>
        {p.referredByName && <Text size="sm" c="dimmed">{t('people.referredBy', { name: p.referredByName })}</Text>}
        {viewer.role === 'platform_admin' && !isSelf && <ResetTwoStepButton userId={p.id} />}
      </PersonHeader>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <UserForm
          key={p.id}
          isNew={false}
          initial={{ ...personToForm(p), passwordMode: 'password', password: '' }}
          canChooseChurch={viewer.role === 'platform_admin'}
          canSetRole={isAdmin && !isSelf}
          withoutAccount={p.status === 'no_account'}
          saving={update.isPending}
          error={saveError(update.error)}
          saveLabel={t('people.save')}
          onCancel={() => navigate(paths.users)}
          onSubmit={async (body) => {
            await update.mutateAsync(body as never);
            notifications.show({ color: 'green', message: t('people.saved', { name }) });
          }}
        />
      </Paper>
    </Stack>
  );
}

export { UserPage as Component };
