import { ActionIcon, Box, Group } from '@mantine/core';
import { IconArrowsMaximize, IconX } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { href, paths } from '../../../config/paths';
import { useChatPanel } from '../chat-panel-state';
import { ChatHome } from './chat-home';
import { ChatThread } from './chat-thread';

/** The panel beside the page on wide screens: the list, or one conversation with a way back. */
export function ChatPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const panel = useChatPanel();
  return (
    <Box h="100%" pos="relative" style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }} aria-label={t('chat.panelLabel')} component="section">
      <Group gap={4} justify="flex-end" px="xs" pt={4}>
        <ActionIcon variant="subtle" color="gray" aria-label={t('chat.openFullPage')} onClick={() => {
          panel.close();
          void navigate(panel.selectedId ? href.conversation(panel.selectedId) : paths.messages);
        }}>
          <IconArrowsMaximize size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon variant="subtle" color="gray" aria-label={t('chat.closePanel')} onClick={panel.close}>
          <IconX size={16} aria-hidden />
        </ActionIcon>
      </Group>
      <Box style={{ flex: 1, minHeight: 0 }}>
        {panel.selectedId ? (
          <ChatThread conversationId={panel.selectedId} onBack={() => panel.select(null)} />
        ) : (
          <ChatHome onOpen={(id) => panel.select(id)} titleOrder={2} />
        )}
      </Box>
    </Box>
  );
}
