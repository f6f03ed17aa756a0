import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useHeadingLevel } from './heading-level';

/** The short state a screen shows until the issue that owns it lands. */
export function ComingSoon() {
  const { t } = useTranslation();
  const order = useHeadingLevel();
  return (
    <Center py="xl">
      <Stack align="center" gap="xs">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconTools size={30} />
        </ThemeIcon>
        <Title order={order} size="h2">{t('common.comingSoonTitle')}</Title>
        <Text c="dimmed">{t('common.comingSoonBody')}</Text>
      </Stack>
    </Center>
  );
}

export { ComingSoon as Component };
