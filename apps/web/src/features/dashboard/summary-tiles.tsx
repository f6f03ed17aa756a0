import { Card, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Summary } from '@app/shared';
import { paths } from '../../config/paths';
import { formattingLocale } from '../../i18n/interface-language';

type TileKey = 'members' | 'newMembers' | 'sermons' | 'liveNow' | 'listenerMinutes' | 'salvations' | 'feedback' | 'pendingDeletionRequests';

const links: Partial<Record<TileKey, string>> = {
  newMembers: `${paths.analytics}?tab=newUsers`,
  sermons: `${paths.analytics}?tab=ended`,
  liveNow: `${paths.analytics}?tab=live`,
  salvations: `${paths.analytics}?tab=salvations`,
  feedback: paths.allFeedback,
  // The requests waiting for review (spec section 6), not the administrator's own deletion form.
  pendingDeletionRequests: paths.deletionRequests,
};

/** The dashboard's figures, each linking to the list behind it where there is one. */
export function SummaryTiles({ summary }: { summary: Summary }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(formattingLocale(i18n));
  const keys: TileKey[] = ['members', 'newMembers', 'sermons', 'liveNow', 'listenerMinutes', 'salvations', 'feedback', 'pendingDeletionRequests'];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {keys.map((key) => {
        const to = links[key];
        const body = (
          <>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{t(`analytics.tiles.${key}`)}</Text>
            <Text fz={28} fw={700} lh={1.2}>{number.format(summary[key])}</Text>
            {/* People an import created are counted apart: a roster is not growth (decision 052). */}
            {key === 'newMembers' && summary.importedMembers > 0 && (
              <Text size="xs" c="dimmed">{t('analytics.tiles.importedApart', { count: summary.importedMembers, formatted: number.format(summary.importedMembers) })}</Text>
            )}
          </>
        );
        return to ? (
          <Card key={key} withBorder padding="sm" radius="md" component={Link} to={to} aria-label={`${t(`analytics.tiles.${key}`)}: ${number.format(summary[key])}`} style={{ textDecoration: 'none' }}>
            {body}
          </Card>
        ) : (
          <Card key={key} withBorder padding="sm" radius="md">{body}</Card>
        );
      })}
    </SimpleGrid>
  );
}
