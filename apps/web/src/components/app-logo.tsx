import { Group, Image, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The product mark and name; decorative image, the name carries the meaning. */
export function AppLogo({ withName = true }: { withName?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap">
      <Image src="/logo.svg" alt="" w={32} h={32} />
      {withName && (
        <Text fw={700} size="lg" c="var(--mantine-color-text)" style={{ whiteSpace: 'nowrap' }}>
          {t('common.appName')}
        </Text>
      )}
    </Group>
  );
}
