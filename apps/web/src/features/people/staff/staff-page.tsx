import { Badge, Button, Group, Select } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { employmentTypes, type StaffListItem } from '@app/shared';
import { ListTable } from '../../../components/data-table/list-table';
import { exportUrl } from '../../../components/data-table/use-list-query';
import { useListParams } from '../../../components/data-table/use-list-params';
import { href, paths } from '../../../config/paths';
import { staffApi } from '../api/staff';
import { ChurchSelect } from '../../../components/church-select';
import { PersonCard, PersonNameLink, ShortDate } from '../components/person-cells';
import { useViewer } from '../components/use-viewer';

const FILTERS = ['churchId', 'employmentType', 'current'] as const;

/** `/staff-members`: the church's staff, their roles at work, and whether pay is on file. */
export function StaffPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const list = useListParams(FILTERS, 'lastName');
  const query = staffApi.useList(list.params);
  const isPlatform = viewer.role === 'platform_admin';
  const setFilter = (key: (typeof FILTERS)[number]) => (value: string | null) => list.update({ filters: { [key]: value ?? '' } });
  const payrollBadge = (s: StaffListItem) => s.hasPayroll && <Badge variant="light" color="teal">{t('people.staff.hasPayroll')}</Badge>;

  const columns: DataTableColumn<StaffListItem>[] = [
    { accessor: 'lastName', title: t('people.columns.name'), sortable: true, render: (s) => <PersonNameLink person={s} to={href.staffMember(s.id)} /> },
    { accessor: 'jobTitle', title: t('people.columns.jobTitle'), sortable: true },
    { accessor: 'department', title: t('people.columns.department'), sortable: true },
    { accessor: 'email', title: t('fields.email'), sortable: true },
    { accessor: 'phone', title: t('fields.phone'), sortable: true },
    ...(isPlatform ? [{ accessor: 'churchName', title: t('fields.church'), sortable: true } as DataTableColumn<StaffListItem>] : []),
    { accessor: 'startDate', title: t('people.columns.startDate'), sortable: true, render: (s) => <ShortDate iso={s.startDate} /> },
    { accessor: 'hasPayroll', title: t('people.sections.payroll'), render: payrollBadge },
  ];

  const addButton = (
    <Button component={Link} to={paths.staffNew} leftSection={<IconUserPlus size={16} aria-hidden />}>
      {t('people.staff.add')}
    </Button>
  );

  return (
    <>
      <Group justify="flex-end" mb="sm">{addButton}</Group>
      <ListTable
        label={t('nav.staffMembers')}
        list={list}
        query={query}
        columns={columns}
        searchLabel={t('people.staff.search')}
        searchPlaceholder={t('people.searchPlaceholder')}
        exportUrl={exportUrl(staffApi.path, list.params)}
        filters={
          <>
            {isPlatform && <ChurchSelect label={t('people.filters.church')} clearable value={list.params.filters.churchId ?? null} onChange={setFilter('churchId')} w={220} />}
            <Select
              label={t('people.filters.employmentType')}
              clearable
              w={180}
              value={list.params.filters.employmentType ?? null}
              onChange={setFilter('employmentType')}
              data={employmentTypes.map((v) => ({ value: v, label: t(`people.staff.employmentTypes.${v}`) }))}
            />
            <Select
              label={t('people.staff.current')}
              clearable
              w={160}
              value={list.params.filters.current ?? null}
              onChange={setFilter('current')}
              data={[{ value: 'true', label: t('people.yes') }, { value: 'false', label: t('people.no') }]}
            />
          </>
        }
        empty={{ title: t('people.staff.emptyTitle'), description: t('people.staff.emptyBody'), action: addButton }}
        renderCard={(s) => <PersonCard person={s} to={href.staffMember(s.id)} extra={<Group gap="xs">{s.jobTitle}{payrollBadge(s)}</Group>} />}
      />
    </>
  );
}

export { StaffPage as Component };
