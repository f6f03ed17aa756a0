import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { glossaryHref } from '../../../config/paths';

export type GlossaryTab = 'church' | 'starter' | 'flags';

/** The church glossary, the starter glossary it inherits, and listeners' flags: three lists, one place. */
export function GlossaryTabs({ active, churchId }: { active: GlossaryTab; churchId: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Tabs value={active} onChange={(tab) => tab && navigate(glossaryHref(tab as GlossaryTab, churchId))} mb="md">
      <Tabs.List>
        {churchId && <Tabs.Tab value="church">{t('glossary.tabs.church')}</Tabs.Tab>}
        <Tabs.Tab value="starter">{t('glossary.tabs.starter')}</Tabs.Tab>
        {churchId && <Tabs.Tab value="flags">{t('glossary.tabs.flags')}</Tabs.Tab>}
      </Tabs.List>
    </Tabs>
  );
}
