import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MantineThemeProvider, Notification } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { ModalsProvider } from '@mantine/modals';

// The toast and dialog hosts, in a module of their own that ui-overlays.tsx loads on first use: a
// dynamic import of the packages themselves would ask for their whole namespace, and the bundler
// would then put the hosts in the chunk every screen that calls `notifications.show` loads.

/**
 * Every toast's close button is named in the reader's language (Mantine leaves it unnamed: axe's
 * button-name), and its body under a title is written in the app's dimmed grey: Mantine's gray.6 on
 * white is 3.3:1, under WCAG AA's 4.5:1 for text.
 */
export function NotificationsHost() {
  const { t } = useTranslation();
  const theme = {
    components: {
      Notification: Notification.extend({
        defaultProps: { closeButtonProps: { 'aria-label': t('common.close') } },
        styles: (_theme, props) => ({ description: props.title ? { color: 'var(--mantine-color-dimmed)' } : {} }),
      }),
    },
  };
  return (
    <MantineThemeProvider theme={theme}>
      <Notifications position="top-right" />
    </MantineThemeProvider>
  );
}

export function ModalsHost({ onReady }: { onReady: () => void }) {
  // The provider's own listeners are set in its effects, which run before this one.
  useEffect(() => onReady(), [onReady]);
  return <ModalsProvider />;
}
