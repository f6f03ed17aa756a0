import { Center, Loader } from '@mantine/core';

// Shown before translations load, so its name cannot come from i18next.
export function PageLoader() {
  return (
    <Center h="100dvh" role="status" aria-live="polite">
      <Loader aria-label="Loading" />
    </Center>
  );
}
