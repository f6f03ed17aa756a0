import { AppShell } from '@mantine/core';
import { Outlet } from 'react-router';

/** Placeholder admin shell; the application-shell issue builds the real one. */
export function AdminLayout() {
  return (
    <AppShell padding="md">
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
