import { useEffect } from 'react';
import { Notifications } from '@mantine/notifications';
import { ModalsProvider } from '@mantine/modals';

// The toast and dialog hosts, in a module of their own that ui-overlays.tsx loads on first use: a
// dynamic import of the packages themselves would ask for their whole namespace, and the bundler
// would then put the hosts in the chunk every screen that calls `notifications.show` loads.

export function NotificationsHost() {
  return <Notifications position="top-right" />;
}

export function ModalsHost({ onReady }: { onReady: () => void }) {
  // The provider's own listeners are set in its effects, which run before this one.
  useEffect(() => onReady(), [onReady]);
  return <ModalsProvider />;
}
