import { ComboboxChevron, InputBase, type ComboboxItem, type SelectProps } from '@mantine/core';
import { lazy, Suspense, useState, type KeyboardEvent } from 'react';

// Mantine's select brings its dropdown machinery (combobox, popover, floating positioning): about
// 14 KB of gzipped JavaScript that the first page of a visit does not need until someone opens a
// select. Until then a stand-in shows the same closed field, with the same role and name: focus
// starts loading the real one, and the first click or opening key puts it in its place, open
// (decision 029).
const load = () => import('./loaded-select');
const LoadedSelect = lazy(() => load().then((m) => ({ default: m.LoadedSelect })));

type Data = ReadonlyArray<string | ComboboxItem>;

/** The label the closed select shows for `value`. */
export function labelOf(data: Data | undefined, value: string | null | undefined): string {
  for (const item of data ?? []) {
    if (typeof item === 'string' ? item === value : item.value === value) return typeof item === 'string' ? item : item.label;
  }
  return '';
}

const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

/** A Mantine `Select` (flat `data`, not searchable) that loads on first use. */
export function DeferredSelect(props: SelectProps & { data: Data }) {
  const [isWanted, setWanted] = useState(false);
  const { data, value, size, label, leftSection, w, disabled, error, placeholder, description, withAsterisk, required } = props;
  const standIn = (
    <InputBase
      label={label}
      description={description}
      error={error}
      withAsterisk={withAsterisk}
      required={required}
      aria-label={props['aria-label']}
      size={size}
      w={w}
      leftSection={leftSection}
      placeholder={placeholder}
      disabled={disabled}
      value={labelOf(data, value)}
      readOnly
      pointer
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      __staticSelector="Select"
      rightSection={<ComboboxChevron size={size} error={error} />}
      rightSectionPointerEvents="none"
      // Swapped on focus, the field under a pressed mouse button would be gone before the click.
      onFocus={() => void load()}
      onClick={() => setWanted(true)}
      onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
        if (!OPENING_KEYS.has(e.key)) return;
        e.preventDefault();
        setWanted(true);
      }}
    />
  );
  if (!isWanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <LoadedSelect {...props} defaultDropdownOpened />
    </Suspense>
  );
}
