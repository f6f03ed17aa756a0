import { createContext, useContext, type ReactNode } from 'react';
import type { TitleOrder } from '@mantine/core';

// Inside the admin shell the breadcrumb bar holds the page's h1, so screens start at h2; a public
// page has no bar and starts at h1. One h1 per page keeps screen-reader navigation predictable.
const HeadingLevelContext = createContext<TitleOrder>(1);

export function HeadingLevelProvider({ level, children }: { level: TitleOrder; children: ReactNode }) {
  return <HeadingLevelContext.Provider value={level}>{children}</HeadingLevelContext.Provider>;
}

/** The heading order a screen's own title should use; `+ n` for headings below it. */
export function useHeadingLevel(offset = 0): TitleOrder {
  return Math.min(6, useContext(HeadingLevelContext) + offset) as TitleOrder;
}

// A screen whose title the page's header already says (the speaker's screen inside the shell) does
// not say it again: its sections move up one level, under the header's h1.
const OwnTitleContext = createContext(true);

/** Shows `children` without their own title, their sections one level up. */
export function UnderPageTitle({ children }: { children: ReactNode }) {
  const level = useContext(HeadingLevelContext);
  return (
    <OwnTitleContext.Provider value={false}>
      <HeadingLevelContext.Provider value={Math.max(1, level - 1) as TitleOrder}>{children}</HeadingLevelContext.Provider>
    </OwnTitleContext.Provider>
  );
}

/** False where the page's header already names the screen. */
export function useOwnTitle(): boolean {
  return useContext(OwnTitleContext);
}
