import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconMessageOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A conversation that does not exist or is not the person's (spec section 2: "CHAT NOT FOUND"). */
export function ChatNotFound({ onBack }: { onBack?: () => void }) {
  const { t } = useTranslation();
  return (
    <Center py="xl" px="md">
      <Stack align="center" gap="xs">
        <IconMessageOff size={40} aria-hidden />
        <Title order={3} size="h4">{t('chat.notFoundTitle')}</Title>
        <Text c="dimmed" size="sm" ta="center">{t('chat.notFoundBody')}</Text>
        {onBack && <Button variant="light" onClick={onBack}>{t('chat.backToConversations')}</Button>}
      </Stack>
    </Center>
  );
}
