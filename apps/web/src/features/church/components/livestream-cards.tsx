import { Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChurchLanguage } from '@app/shared';
import { ErrorState } from '../../../components/query-states';
import { useLivestream } from '../api/livestream';
import { LivestreamCard } from './livestream-card';
import { OverlayBuilderCard } from './overlay-builder-card';

/** The service online in Manage Church (decision 037): caption feeds, then the OBS overlay. */
export function LivestreamCards({ churchId, languages }: { churchId: string; languages: ChurchLanguage[] }) {
  const { t } = useTranslation();
  const settings = useLivestream(churchId);
  // Each language once (the spoken ones and the listened ones overlap).
  const unique = languages.filter((l, i) => languages.findIndex((o) => o.code === l.code) === i);
  if (settings.isPending) return <Skeleton h={240} />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} title={t('livestream.loadFailed')} />;
  return (
    <>
      <LivestreamCard churchId={churchId} settings={settings.data} languages={unique} />
      <OverlayBuilderCard key={settings.data.overlay.url} churchId={churchId} settings={settings.data} languages={unique} />
    </>
  );
}
