import { Box, Paper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useNavigate, useParams } from 'react-router';
import { LAYOUT_DRAWER_BREAKPOINT_PX } from '@app/shared';
import { href, paths } from '../../config/paths';
import { ChatHome } from './components/chat-home';
import { ChatThread } from './components/chat-thread';
import { useTranslation } from 'react-i18next';
import { Text, Center } from '@mantine/core';

/**
 * `/messages` and `/messages/:id`: on phones the list or one conversation, full page; on wide
 * screens both side by side.
 */
export function Component() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const isWide = useMediaQuery(`(min-width: ${LAYOUT_DRAWER_BREAKPOINT_PX}px)`);
  const open = (conversationId: string) => void navigate(href.conversation(conversationId));
  const back = () => void navigate(paths.messages);
  const height = 'calc(100dvh - 64px - 120px)';
  if (!isWide) {
    return (
      <Paper withBorder radius="md" h={height} mih={420} style={{ overflow: 'hidden' }}>
        {id ? <ChatThread key={id} conversationId={id} onBack={back} /> : <ChatHome onOpen={open} />}
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" h={height} mih={480} style={{ display: 'flex', overflow: 'hidden' }}>
      <Box w={340} style={{ borderRight: '1px solid var(--mantine-color-default-border)', minHeight: 0 }}>
        <ChatHome selectedId={id} onOpen={open} />
      </Box>
      <Box style={{ flex: 1, minWidth: 0, minHeight: 0 }}>
        {id ? (
          <ChatThread key={id} conversationId={id} />
        ) : (
          <Center h="100%"><Text c="dimmed">{t('chat.pickConversation')}</Text></Center>
        )}
      </Box>
    </Paper>
  );
}
