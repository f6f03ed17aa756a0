import type { ReactNode } from 'react';
import { Box } from '@mantine/core';

/** Mobile screens: no admin chrome, large touch targets (ARCHITECTURE.md section 7). */
export function MobileFrame({ children }: { children: ReactNode }) {
  return (
    <Box component="main" mih="100dvh" p="md" maw={720} mx="auto">
      {children}
    </Box>
  );
}
