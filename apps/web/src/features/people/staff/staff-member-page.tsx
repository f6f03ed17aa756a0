import { Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { ErrorState, LoadingState } from '../../../components/query-states';
import { staffApi } from '../api/staff';
import { PersonHeader } from '../components/person-header';
import { saveError } from '../components/save-error';
import { useViewer } from '../components/use-viewer';
import { PayrollCard } from './payroll-card';
import { staffToForm } from './staff-form-values';
import { StaffForm } from './staff-form';

/** `/staff-members/:id`: the staff record, pay masked until revealed, edited in place. */
export function StaffMemberPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const viewer = useViewer();
  const staff = staffApi.useOne(id);
  const update = staffApi.useUpdate(id);
  const remove = staffApi.useDelete();

  if (staff.isPending) return <LoadingState />;
  if (staff.isError) return <ErrorState error={staff.error} onRetry={() => void staff.refetch()} title={t('people.loadFailed')} />;
  const s = staff.data;
  const name = `${s.firstName} ${s.lastName}`.trim();
  const isAdmin = viewer.role === 'church_admin' || viewer.role === 'platform_admin';

  return (
    <Stack gap="md">
      <PersonHeader person={s} canDelete={isAdmin} deleting={remove.isPending} onDelete={() => remove.mutateAsync(s.id)} onDeleted={() => navigate(paths.staffMembers)}>
        {s.jobTitle && <Text size="sm" c="dimmed">{s.jobTitle}</Text>}
      </PersonHeader>
      <PayrollCard key={s.id} staff={s} canReveal={isAdmin} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <StaffForm
          key={`${s.id}-${s.payrollMasked}`}
          isNew={false}
          initial={staffToForm(s)}
          canChooseChurch={viewer.role === 'platform_admin'}
          canEditPayroll={isAdmin}
          saving={update.isPending}
          error={saveError(update.error)}
          saveLabel={t('people.save')}
          onCancel={() => navigate(isAdmin ? paths.staffMembers : paths.dashboard)}
          onSubmit={async (body) => {
            await update.mutateAsync(body as never);
            notifications.show({ color: 'green', message: t('people.saved', { name }) });
          }}
        />
      </Paper>
    </Stack>
  );
}

export { StaffMemberPage as Component };
