import { Alert, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { readStoredUser } from '../../lib/stored-user';
import { glossaryPath } from './api/get-glossary';
import { GlossaryList } from './components/glossary-list';
import { GlossaryTabs } from './components/glossary-tabs';

/** The church id of Manage Church: `?churchId=` (platform admins) or the person's own church. */
export function useGlossaryChurchId(): string | null {
  const [params] = useSearchParams();
  return params.get('churchId') || readStoredUser().churchId || null;
}

/** `/church/glossary`: the church's own words, fixed once for good (decision 025). */
export function GlossaryPage() {
  const { t } = useTranslation();
  const churchId = useGlossaryChurchId();
  useDocumentTitle(`${t('glossary.title')} · ${t('common.appName')}`);
  if (!churchId) return <Alert color="red">{t('church.noChurch')}</Alert>;
  return (
    <Stack gap="xs">
      <GlossaryTabs active="church" churchId={churchId} />
      <Text c="dimmed" size="sm">{t('glossary.intro')}</Text>
      <GlossaryList key={churchId} path={glossaryPath(churchId)} canEdit label={t('glossary.tabs.church')} />
    </Stack>
  );
}

export { GlossaryPage as Component };
