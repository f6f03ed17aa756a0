import { Button, Group, Select } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminRoles, type Person } from '@app/shared';
import { ListTable } from '../../../components/data-table/list-table';
import { exportUrl } from '../../../components/data-table/use-list-query';
import { useListParams } from '../../../components/data-table/use-list-params';
import { href, paths } from '../../../config/paths';
import { administratorsApi } from '../api/administrators';
import { ChurchSelect } from '../../../components/church-select';
import { PersonCard, PersonNameLink, RoleBadge } from '../components/person-cells';

const FILTERS = ['churchId', 'role'] as const;

/** `/administrators`: church and platform administrators, for platform admins. */
export function AdministratorsPage() {
  const { t } = useTranslation();
  const list = useListParams(FILTERS, 'lastName');
  const query = administratorsApi.useList(list.params);
  const setFilter = (key: (typeof FILTERS)[number]) => (value: string | null) => list.update({ filters: { [key]: value ?? '' } });

  const columns: DataTableColumn<Person>[] = [
    { accessor: 'lastName', title: t('people.columns.name'), sortable: true, render: (a) => <PersonNameLink person={a} to={href.administrator(a.id)} /> },
    { accessor: 'email', title: t('fields.email'), sortable: true },
    { accessor: 'phone', title: t('fields.phone'), sortable: true },
    { accessor: 'suburb', title: t('fields.suburb'), sortable: true },
    { accessor: 'churchName', title: t('fields.church'), sortable: true },
    { accessor: 'role', title: t('people.columns.role'), sortable: true, render: (a) => <RoleBadge role={a.role} /> },
  ];
  const addButton = (
    <Button component={Link} to={paths.administratorNew} leftSection={<IconUserPlus size={16} aria-hidden />}>
      {t('people.administrators.add')}
    </Button>
  );

  return (
    <>
      <Group justify="flex-end" mb="sm">{addButton}</Group>
      <ListTable
        label={t('nav.manageAdministrators')}
        list={list}
        query={query}
        columns={columns}
        searchLabel={t('people.administrators.search')}
        searchPlaceholder={t('people.searchPlaceholder')}
        exportUrl={exportUrl(administratorsApi.path, list.params)}
        filters={
          <>
            <ChurchSelect label={t('people.filters.church')} clearable value={list.params.filters.churchId ?? null} onChange={setFilter('churchId')} w={220} />
            <Select label={t('people.filters.role')} clearable w={220} value={list.params.filters.role ?? null} onChange={setFilter('role')} data={adminRoles.map((r) => ({ value: r, label: t(`common.roles.${r}`) }))} />
          </>
        }
        empty={{ title: t('people.administrators.emptyTitle'), description: t('people.administrators.emptyBody'), action: addButton }}
        renderCard={(a) => <PersonCard person={a} to={href.administrator(a.id)} />}
      />
    </>
  );
}

export { AdministratorsPage as Component };
