import { Alert, Paper, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { ErrorState, LoadingState } from '../../../components/query-states';
import { administratorsApi } from '../api/administrators';
import { PersonHeader } from '../components/person-header';
import { ResetTwoStepButton } from '../components/reset-two-step-button';
import { saveError } from '../components/save-error';
import { useViewer } from '../components/use-viewer';
import { AdministratorForm, administratorToForm } from './administrator-form';

/** `/administrators/:id`: edit, change role, or delete (never oneself, never the last platform admin). */
export function AdministratorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const viewer = useViewer();
  const admin = administratorsApi.useOne(id);
  const update = administratorsApi.useUpdate(id);
  const remove = administratorsApi.useDelete();

  if (admin.isPending) return <LoadingState />;
  if (admin.isError) return <ErrorState error={admin.error} onRetry={() => void admin.refetch()} title={t('people.loadFailed')} />;
  const a = admin.data;
  const isSelf = viewer.userId === a.id;
  const name = `${a.firstName} ${a.lastName}`.trim();

  return (
    <Stack gap="md">
      <PersonHeader person={a} canDelete={!isSelf} deleting={remove.isPending} onDelete={() => remove.mutateAsync(a.id)} onDeleted={() => navigate(paths.administrators)}>
        {/* Only platform administrators reach this page (administrators:manage). */}
        {!isSelf && <ResetTwoStepButton userId={a.id} />}
      </PersonHeader>
      {isSelf && <Alert color="blue" variant="light">{t('people.administrators.selfNote')}</Alert>}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <AdministratorForm
          key={a.id + a.role}
          isNew={false}
          canChangeRole={!isSelf}
          initial={administratorToForm(a)}
          saving={update.isPending}
          error={saveError(update.error)}
          saveLabel={t('people.save')}
          onCancel={() => navigate(paths.administrators)}
          onSubmit={async (body) => {
            const saved = await update.mutateAsync(body as never);
            notifications.show({ color: 'green', message: t('people.saved', { name }) });
            // Demoted out of the administrators: their page now lives under users.
            if (saved.role === 'staff' || saved.role === 'member') navigate(paths.administrators);
          }}
        />
      </Paper>
    </Stack>
  );
}

export { AdministratorPage as Component };
