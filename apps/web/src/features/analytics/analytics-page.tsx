import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { roleByUserType } from '@app/shared';
import { useStoredUser } from '../../components/navigation/use-stored-user';
import { NewUsersTable, SalvationsTable, SermonsTable } from './components/analytics-tables';
import { TranslationCost } from './components/translation-cost';

const TABS = ['salvations', 'live', 'ended', 'newUsers', 'cost'] as const;
type Tab = (typeof TABS)[number];

/**
 * `/analytics` (spec section 2): salvations, live sermons now, ended sermons, new users; and for
 * those who manage a church's engines, what translation costs (decision 033).
 */
export function AnalyticsPage() {
  const { t } = useTranslation();
  const user = useStoredUser();
  const role = user.userType ? roleByUserType[user.userType] : null;
  const isPlatform = role === 'platform_admin';
  const canManage = isPlatform || role === 'church_admin';
  const [search, setSearch] = useSearchParams();
  const wanted = search.get('tab');
  const tabs = TABS.filter((k) => k !== 'cost' || canManage);
  const tab: Tab = (tabs as readonly string[]).includes(wanted ?? '') ? (wanted as Tab) : 'salvations';
  return (
    // Each tab keeps its own page, sort and filters in the URL; switching starts the list afresh.
    <Tabs value={tab} onChange={(v) => setSearch(new URLSearchParams({ tab: v ?? 'salvations' }))} keepMounted={false}>
      <Tabs.List mb="md">
        {tabs.map((k) => <Tabs.Tab key={k} value={k}>{k === 'cost' ? t('translationEngines.cost.tab') : t(`analytics.tabs.${k}`)}</Tabs.Tab>)}
      </Tabs.List>
      <Tabs.Panel value="salvations"><SalvationsTable isPlatform={isPlatform} /></Tabs.Panel>
      <Tabs.Panel value="live"><SermonsTable status="live" isPlatform={isPlatform} canManage={canManage} /></Tabs.Panel>
      <Tabs.Panel value="ended"><SermonsTable status="ended" isPlatform={isPlatform} canManage={canManage} /></Tabs.Panel>
      <Tabs.Panel value="newUsers"><NewUsersTable isPlatform={isPlatform} /></Tabs.Panel>
      {canManage && <Tabs.Panel value="cost"><TranslationCost isPlatform={isPlatform} /></Tabs.Panel>}
    </Tabs>
  );
}

export { AnalyticsPage as Component };
