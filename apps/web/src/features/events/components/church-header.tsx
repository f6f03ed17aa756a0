import { Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PublicEventList } from '@app/shared';
import { useHeadingLevel } from '../../../components/heading-level';
import { ChurchMap } from '../../../components/map/church-map';

/** The church above its events: photo, address and where it is on the map. */
export function ChurchHeader({ church, titleOrder }: { church: PublicEventList['church']; titleOrder?: 1 | 2 | 3 }) {
  const { t } = useTranslation();
  const level = useHeadingLevel();
  const position = church.latitude !== null && church.longitude !== null ? { latitude: church.latitude, longitude: church.longitude } : null;
  return (
    <Paper withBorder radius="md" p="md">
      <Group align="flex-start" gap="md" wrap="wrap">
        {church.imageUrl && <Image src={church.imageUrl} alt={t('churches.photo.alt', { name: church.name })} w={{ base: '100%', sm: 220 }} h={140} radius="md" fit="cover" />}
        <Stack gap={4} style={{ flex: 1, minWidth: 220 }}>
          <Title order={titleOrder ?? level} size="h3">{church.name}</Title>
          <Group gap={4} wrap="nowrap"><IconMapPin size={16} aria-hidden /><Text size="sm">{[church.address, church.suburb, church.state].filter(Boolean).join(', ')}</Text></Group>
        </Stack>
      </Group>
      {position && (
        <Stack mt="sm" gap={4}>
          <ChurchMap position={position} label={t('churches.mapOf', { name: church.name })} height={220} />
        </Stack>
      )}
    </Paper>
  );
}
