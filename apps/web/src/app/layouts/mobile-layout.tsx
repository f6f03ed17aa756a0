import { Box } from '@mantine/core';
import { Outlet } from 'react-router';

/** Mobile screens: no admin chrome, large touch targets (ARCHITECTURE.md section 7). */
export function MobileLayout() {
  return (
    <Box component="main" mih="100dvh" p="md" maw={720} mx="auto">
      <Outlet />
    </Box>
  );
}
