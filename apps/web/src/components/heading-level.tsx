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
