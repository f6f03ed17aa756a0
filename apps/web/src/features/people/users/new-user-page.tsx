import { Paper } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { href, paths } from '../../../config/paths';
import { usersApi } from '../api/users';
import { emptyPerson } from '../components/person-form-values';
import { useViewer } from '../components/use-viewer';
import { UserForm } from './user-form';
import { saveError } from '../components/save-error';

/** `/users/new`: add a person with a password, or invite them to set their own. */
export function NewUserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const viewer = useViewer();
  const create = usersApi.useCreate();
  const canSetRole = viewer.role === 'church_admin' || viewer.role === 'platform_admin';

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <UserForm
        isNew
        initial={{ ...emptyPerson(viewer.role === 'platform_admin' ? '' : (viewer.churchId ?? '')), passwordMode: 'password', password: '' }}
        canChooseChurch={viewer.role === 'platform_admin'}
        canSetRole={canSetRole}
        saving={create.isPending}
        error={saveError(create.error)}
        saveLabel={t('people.users.add')}
        onCancel={() => navigate(paths.users)}
        onSubmit={async (body) => {
          const person = await create.mutateAsync(body as never);
          notifications.show({ color: 'green', message: t('people.users.added', { name: `${person.firstName} ${person.lastName}` }) });
          navigate(href.user(person.id));
        }}
      />
    </Paper>
  );
}

export { NewUserPage as Component };
