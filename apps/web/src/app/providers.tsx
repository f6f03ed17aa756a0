import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AppLinkProvider, type AppLinkProps } from '../components/app-link';
import { queryClient } from '../lib/query-client';
import { ThemeProvider } from './theme-provider';
import { TranslatedDefaults } from './translated-defaults';

export { theme } from './theme-provider';

/** In the main app, links between screens navigate without reloading the page. */
function RouterLink({ href, ...rest }: AppLinkProps) {
  return <Link to={href} {...rest} />;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      {/* Toast and dialog hosts live in the frames that use them (components/ui-overlays.tsx). */}
      <QueryClientProvider client={queryClient}>
        <AppLinkProvider link={RouterLink}>
          <TranslatedDefaults>{children}</TranslatedDefaults>
        </AppLinkProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
