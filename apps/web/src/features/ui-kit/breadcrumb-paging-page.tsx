import { useState } from 'react';
import { Pagination, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { AppBreadcrumbs } from '../../components/app-breadcrumbs';
import { ListPagination } from '../../components/list-pagination';
import { KitSection, UiKitFrame } from './ui-kit-frame';

const TOTAL = 47;
const PAGE_SIZE = 10;

/** `/basic/breadcrumb-paging`: the breadcrumb trail and the paging every API list uses. */
export function BreadcrumbPagingPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [simplePage, setSimplePage] = useState(2);
  const first = (page - 1) * PAGE_SIZE;
  const rows = Array.from({ length: Math.min(PAGE_SIZE, TOTAL - first) }, (_, i) => first + i + 1);
  return (
    <UiKitFrame page="breadcrumbPaging">
      <KitSection title={t('basic.breadcrumbPaging.breadcrumbs')} description={t('basic.breadcrumbPaging.breadcrumbsHint')}>
        <Stack gap="sm">
          <AppBreadcrumbs label={t('basic.breadcrumbPaging.exampleTrail', { n: 1 })} items={[{ label: t('nav.dashboard'), to: paths.dashboard }, { label: t('nav.users') }]} />
          <AppBreadcrumbs
            label={t('basic.breadcrumbPaging.exampleTrail', { n: 2 })}
            items={[
              { label: t('nav.dashboard'), to: paths.dashboard },
              { label: t('nav.joinLiveSermons'), to: paths.liveSermons },
              { label: t('shell.titles.liveSermon') },
            ]}
          />
        </Stack>
      </KitSection>

      <KitSection title={t('basic.breadcrumbPaging.listPaging')} description={t('basic.breadcrumbPaging.listPagingHint')}>
        <Stack gap="sm">
          <Table striped withTableBorder>
            <Table.Caption>{t('basic.breadcrumbPaging.tableCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">#</Table.Th>
                <Table.Th scope="col">{t('basic.breadcrumbPaging.item')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((n) => (
                <Table.Tr key={n}>
                  <Table.Td>{n}</Table.Td>
                  <Table.Td>{t('basic.breadcrumbPaging.row', { n })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <ListPagination page={page} pageSize={PAGE_SIZE} total={TOTAL} onChange={setPage} />
        </Stack>
      </KitSection>

      <KitSection title={t('basic.breadcrumbPaging.sizes')}>
        <Stack gap="sm">
          {(['xs', 'sm', 'md'] as const).map((size) => (
            <nav key={size} aria-label={t('basic.breadcrumbPaging.sizeExample', { size })}>
              <Pagination
                size={size}
                total={8}
                value={simplePage}
                onChange={setSimplePage}
                withEdges
                getItemProps={(p) => ({ 'aria-label': t('common.pagination.page', { page: p }) })}
                getControlProps={(control) => ({ 'aria-label': t(`common.pagination.${control}`) })}
              />
            </nav>
          ))}
          <Text size="sm" c="dimmed">{t('basic.breadcrumbPaging.current', { page: simplePage })}</Text>
        </Stack>
      </KitSection>
    </UiKitFrame>
  );
}

export { BreadcrumbPagingPage as Component };
