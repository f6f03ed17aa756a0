import { Select, type SelectProps } from '@mantine/core';
import { useEffect, useRef } from 'react';

/** The real select, loaded on first use by DeferredSelect: it takes the stand-in's focus. */
export function LoadedSelect(props: SelectProps) {
  const ref = useRef<HTMLInputElement>(null);
  // On mount only: the moment it replaced the stand-in, which was being clicked or typed on.
  useEffect(() => ref.current?.focus(), []);
  return <Select ref={ref} {...props} />;
}
