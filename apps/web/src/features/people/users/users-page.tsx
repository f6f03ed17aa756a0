import { Button, Group, Select, Text } from '@mantine/core';
import { IconFileImport, IconUserPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { accountStatuses, type Person } from '@app/shared';
import { ListTable } from '../../../components/data-table/list-table';
import { exportUrl } from '../../../components/data-table/use-list-query';
import { useListParams } from '../../../components/data-table/use-list-params';
import { href, paths } from '../../../config/paths';
import { usersApi } from '../api/users';
import { ChurchSelect } from '../../../components/church-select';
import { AccountStatusBadge, PersonCard, PersonNameLink, RoleBadge, ShortDate } from '../components/person-cells';
import { useViewer } from '../components/use-viewer';

const FILTERS = ['churchId', 'role', 'status'] as const;

/** `/users`: find, add and open the church's people (spec section 2). */
export function UsersPage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const list = useListParams(FILTERS, '-createdAt');
  const query = usersApi.useList(list.params);
  const isPlatform = viewer.role === 'platform_admin';
  const setFilter = (key: (typeof FILTERS)[number]) => (value: string | null) => list.update({ filters: { [key]: value ?? '' } });

  const columns: DataTableColumn<Person>[] = [
    { accessor: 'lastName', title: t('people.columns.name'), sortable: true, render: (p) => <PersonNameLink person={p} to={href.user(p.id)} /> },
    { accessor: 'email', title: t('fields.email'), sortable: true },
    { accessor: 'phone', title: t('fields.phone'), sortable: true },
    { accessor: 'suburb', title: t('fields.suburb'), sortable: true },
    ...(isPlatform ? [{ accessor: 'churchName', title: t('fields.church'), sortable: true } as DataTableColumn<Person>] : []),
    { accessor: 'role', title: t('people.columns.role'), sortable: true, render: (p) => <Group gap={4}><RoleBadge role={p.role} /><AccountStatusBadge status={p.status} /></Group> },
    // An import's day is not the day the person joined (decision 052): said as what it is.
    { accessor: 'createdAt', title: t('people.columns.joined'), sortable: true, render: (p) => (p.importedAt ? <Text size="sm" c="dimmed">{t('people.importedOn')} <ShortDate iso={p.importedAt} /></Text> : <ShortDate iso={p.createdAt} />) },
  ];

  const addButton = (
    <Button component={Link} to={paths.userNew} leftSection={<IconUserPlus size={16} aria-hidden />}>
      {t('people.users.add')}
    </Button>
  );

  // People import (decision 036): church and platform administrators, as the server enforces.
  const importButton = viewer.role === 'church_admin' || isPlatform ? (
    <Button component={Link} to={paths.userImport} variant="default" leftSection={<IconFileImport size={16} aria-hidden />}>
      {t('peopleImport.open')}
    </Button>
  ) : null;

  return (
    <>
      <Group justify="flex-end" mb="sm" gap="sm">{importButton}{addButton}</Group>
      <ListTable
        label={t('nav.users')}
        list={list}
        query={query}
        columns={columns}
        searchLabel={t('people.users.search')}
        searchPlaceholder={t('people.searchPlaceholder')}
        exportUrl={exportUrl(usersApi.path, list.params)}
        filters={
          <>
            {isPlatform && <ChurchSelect label={t('people.filters.church')} clearable value={list.params.filters.churchId ?? null} onChange={setFilter('churchId')} w={220} />}
            <Select
              label={t('people.filters.role')}
              clearable
              w={180}
              value={list.params.filters.role ?? null}
              onChange={setFilter('role')}
              data={(['member', 'staff', 'church_admin'] as const).map((r) => ({ value: r, label: t(`common.roles.${r}`) }))}
            />
            <Select
              label={t('people.filters.status')}
              clearable
              w={160}
              value={list.params.filters.status ?? null}
              onChange={setFilter('status')}
              data={accountStatuses.map((s) => ({ value: s, label: t(`people.status.${s}`) }))}
            />
          </>
        }
        empty={{ title: t('people.users.emptyTitle'), description: t('people.users.emptyBody'), action: addButton }}
        renderCard={(p) => <PersonCard person={p} to={href.user(p.id)} />}
      />
    </>
  );
}

export { UsersPage as Component };
