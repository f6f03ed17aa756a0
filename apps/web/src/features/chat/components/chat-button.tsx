import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMessageCircle } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LAYOUT_DRAWER_BREAKPOINT_PX } from '@app/shared';
import { paths } from '../../../config/paths';
import { useUnread } from '../api/chat-queries';
import { useChatPanel } from '../chat-panel-state';

/** The header's chat icon with the unread count: the panel on wide screens, the Messages page on phones. */
export function ChatButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const panel = useChatPanel();
  const isWide = useMediaQuery(`(min-width: ${LAYOUT_DRAWER_BREAKPOINT_PX}px)`);
  const unread = useUnread().data?.unread ?? 0;
  const onMessagesPage = pathname.startsWith(paths.messages);
  const label = unread > 0 ? t('chat.openWithCount', { count: unread }) : t('chat.open');
  return (
    <Tooltip label={label}>
      <Indicator label={unread > 99 ? '99+' : unread} size={18} disabled={unread === 0} color="red" offset={4} data-testid="chat-unread">
        <ActionIcon
          variant={panel.isOpen ? 'filled' : 'default'}
          size="lg"
          aria-label={label}
          aria-expanded={isWide && !onMessagesPage ? panel.isOpen : undefined}
          onClick={() => {
            if (isWide && !onMessagesPage) {
              if (panel.isOpen) panel.close();
              else panel.open();
            } else void navigate(paths.messages);
          }}
        >
          <IconMessageCircle size={18} aria-hidden />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
