import { Badge } from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client';

/** How many decided for Jesus in this sermon, never who (decision 014); refreshed every 15 s. */
export function DecisionCount({ sermonId }: { sermonId: string }) {
  const { t } = useTranslation();
  const count = useQuery({
    queryKey: ['salvations', 'decisions', sermonId],
    queryFn: () => api<{ sermonId: string; decisions: number }>(`/sermons/${sermonId}/decisions`),
    refetchInterval: 15_000,
  });
  if (!count.data) return null;
  return (
    <Badge size="lg" color="grape" variant="light" leftSection={<IconHeart size={14} aria-hidden />} role="status">
      {t('salvation.decisionCount', { count: count.data.decisions })}
    </Badge>
  );
}
