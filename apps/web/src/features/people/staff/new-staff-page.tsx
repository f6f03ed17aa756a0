import { Paper } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { href, paths } from '../../../config/paths';
import { staffApi } from '../api/staff';
import { useViewer } from '../components/use-viewer';
import { emptyStaff } from './staff-form-values';
import { StaffForm } from './staff-form';
import { saveError } from '../components/save-error';

/** `/staff-members/new`: a staff member with their record and pay, in one step. */
export function NewStaffPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const viewer = useViewer();
  const create = staffApi.useCreate();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <StaffForm
        isNew
        initial={emptyStaff(viewer.role === 'platform_admin' ? '' : (viewer.churchId ?? ''))}
        canChooseChurch={viewer.role === 'platform_admin'}
        canEditPayroll
        saving={create.isPending}
        error={saveError(create.error)}
        saveLabel={t('people.staff.add')}
        onCancel={() => navigate(paths.staffMembers)}
        onSubmit={async (body) => {
          const staff = await create.mutateAsync(body as never);
          notifications.show({ color: 'green', message: t('people.staff.added', { name: `${staff.firstName} ${staff.lastName}` }) });
          navigate(href.staffMember(staff.id));
        }}
      />
    </Paper>
  );
}

export { NewStaffPage as Component };
