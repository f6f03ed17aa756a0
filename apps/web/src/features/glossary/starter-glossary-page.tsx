import { Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { readStoredUser } from '../../lib/stored-user';
import { glossaryPath } from './api/get-glossary';
import { GlossaryList } from './components/glossary-list';
import { GlossaryTabs } from './components/glossary-tabs';
import { useGlossaryChurchId } from './glossary-page';

/** `/church/glossary/starter`: Bible books and core terms every church inherits; platform administrators change them. */
export function StarterGlossaryPage() {
  const { t } = useTranslation();
  const churchId = useGlossaryChurchId();
  const isPlatform = readStoredUser().userType === '1';
  useDocumentTitle(`${t('glossary.tabs.starter')} · ${t('common.appName')}`);
  return (
    <Stack gap="xs">
      <GlossaryTabs active="starter" churchId={churchId} />
      <Text c="dimmed" size="sm">{t('glossary.starterIntro')}</Text>
      <GlossaryList path={glossaryPath(null)} canEdit={isPlatform} label={t('glossary.tabs.starter')} />
    </Stack>
  );
}

export { StarterGlossaryPage as Component };
