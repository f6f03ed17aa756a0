import { Anchor, Button, Group, ScrollArea, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { IconFlag, IconMessagePlus, IconUsersPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { useIsChatAdmin } from '../use-is-chat-admin';
import { ConversationList } from './conversation-list';
import { useNewConversationDialogs } from './new-conversation';

/** The conversations list with "New message" and, for administrators, "New group". */
export function ChatHome({ selectedId, onOpen, titleOrder = 2 }: { selectedId?: string; onOpen: (id: string) => void; titleOrder?: 2 | 3 }) {
  const { t } = useTranslation();
  const newDialogs = useNewConversationDialogs(onOpen);
  const isAdmin = useIsChatAdmin();
  return (
    <Stack gap={0} h="100%" style={{ minHeight: 0 }}>
      {/* In the panel beside the page two buttons with longer names (Spanish, Portuguese) do not fit beside the title: they go below it. */}
      <Group justify="space-between" gap="xs" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Title order={titleOrder} size="h4">{t('chat.title')}</Title>
        <Group gap="xs">
          {isAdmin && (
            <Button size="xs" variant="default" leftSection={<IconUsersPlus size={16} aria-hidden />} onClick={newDialogs.group}>
              {t('chat.newGroup')}
            </Button>
          )}
          <Button size="xs" leftSection={<IconMessagePlus size={16} aria-hidden />} onClick={newDialogs.direct}>
            {t('chat.newMessage')}
          </Button>
        </Group>
      </Group>
      <ScrollArea style={{ flex: 1 }} type="auto">
        <ConversationList selectedId={selectedId} onOpen={onOpen} />
      </ScrollArea>
      {isAdmin && (
        <Group p="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Anchor component={Link} to={paths.messageReports} size="sm">
            <Group gap={4} component="span"><IconFlag size={14} aria-hidden />{t('chat.reports.title')}</Group>
          </Anchor>
        </Group>
      )}
    </Stack>
  );
}
