import { Paper } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { href, paths } from '../../../config/paths';
import { administratorsApi } from '../api/administrators';
import { saveError } from '../components/save-error';
import { AdministratorForm, emptyAdministrator } from './administrator-form';

/** `/administrators/new`. */
export function NewAdministratorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = administratorsApi.useCreate();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <AdministratorForm
        isNew
        canChangeRole
        initial={emptyAdministrator}
        saving={create.isPending}
        error={saveError(create.error)}
        saveLabel={t('people.administrators.add')}
        onCancel={() => navigate(paths.administrators)}
        onSubmit={async (body) => {
          const admin = await create.mutateAsync(body as never);
          notifications.show({ color: 'green', message: t('people.administrators.added', { name: `${admin.firstName} ${admin.lastName}` }) });
          navigate(href.administrator(admin.id));
        }}
      />
    </Paper>
  );
}

export { NewAdministratorPage as Component };
