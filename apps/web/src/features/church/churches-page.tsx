import { Anchor, Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChurchListItem } from '@app/shared';
import { ListTable } from '../../components/data-table/list-table';
import { exportUrl } from '../../components/data-table/use-list-query';
import { useListParams } from '../../components/data-table/use-list-params';
import { href, paths } from '../../config/paths';
import { churchesPath, useChurches } from './api/get-churches';
import { formattingLocale } from '../../i18n/interface-language';

function MinutesUsed({ church }: { church: ChurchListItem }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(formattingLocale(i18n), { maximumFractionDigits: 1 });
  const limit = church.weeklyStreamLimitMinutes;
  const percent = limit > 0 ? Math.min(100, (church.minutesUsedThisWeek / limit) * 100) : 100;
  const text = t('churches.list.minutesOf', { used: number.format(church.minutesUsedThisWeek), limit: number.format(limit) });
  return (
    <Stack gap={2} miw={120}>
      <Text size="sm">{text}</Text>
      <Progress value={percent} size="sm" color={percent >= 90 ? 'red' : percent >= 70 ? 'yellow' : 'teal'} aria-label={text} />
    </Stack>
  );
}

const LiveBadge = ({ isLive }: { isLive: boolean }) => {
  const { t } = useTranslation();
  return isLive ? <Badge color="red.8" variant="filled">{t('churches.list.liveNow')}</Badge> : <Text size="sm" c="dimmed">{t('churches.list.notLive')}</Text>;
};

/** `/churches` (platform admins): every church, its members, whether it is live, its weekly minutes. */
export function ChurchesPage() {
  const { t } = useTranslation();
  const list = useListParams([], 'name');
  const query = useChurches(list.params);

  const columns: DataTableColumn<ChurchListItem>[] = [
    { accessor: 'name', title: t('churches.fields.name'), sortable: true, render: (c) => <Anchor component={Link} to={href.church(c.id)}>{c.name}</Anchor> },
    { accessor: 'suburb', title: t('churches.fields.suburb'), sortable: true },
    { accessor: 'state', title: t('churches.fields.state'), sortable: true },
    { accessor: 'memberCount', title: t('churches.list.members'), sortable: true, textAlign: 'right' },
    { accessor: 'isLive', title: t('churches.list.live'), render: (c) => <LiveBadge isLive={c.isLive} /> },
    { accessor: 'minutesUsedThisWeek', title: t('churches.list.minutes'), sortable: true, render: (c) => <MinutesUsed church={c} /> },
  ];

  const addButton = (
    <Button component={Link} to={paths.churchNew} leftSection={<IconPlus size={16} aria-hidden />}>
      {t('churches.add')}
    </Button>
  );

  return (
    <>
      <Group justify="flex-end" mb="sm">{addButton}</Group>
      <ListTable
        label={t('nav.churches')}
        list={list}
        query={query}
        columns={columns}
        searchLabel={t('churches.list.search')}
        searchPlaceholder={t('churches.list.searchPlaceholder')}
        exportUrl={exportUrl(churchesPath, list.params)}
        empty={{ title: t('churches.list.emptyTitle'), description: t('churches.list.emptyBody'), action: addButton }}
        renderCard={(c) => (
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap">
              <Anchor component={Link} to={href.church(c.id)} fw={600}>{c.name}</Anchor>
              <LiveBadge isLive={c.isLive} />
            </Group>
            <Text size="sm" c="dimmed">{[c.suburb, c.state].join(', ')} · {t('churches.list.memberCount', { count: c.memberCount })}</Text>
            <MinutesUsed church={c} />
          </Stack>
        )}
      />
    </>
  );
}

export { ChurchesPage as Component };
