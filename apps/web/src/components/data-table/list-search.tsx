import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const TYPING_PAUSE_MS = 350;

/** A search box that asks the server only when typing pauses, not on every letter. */
export function ListSearch({ value, onSearch, label, placeholder }: { value: string; onSearch: (q: string) => void; label: string; placeholder?: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [settled] = useDebouncedValue(text, TYPING_PAUSE_MS);

  // The URL changed underneath (back button, a "clear search" button): show what it says.
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (settled.trim() !== value.trim()) onSearch(settled);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={text ? <CloseButton aria-label={t('common.list.clearSearch')} onClick={() => { setText(''); onSearch(''); }} /> : null}
      style={{ flex: '1 1 220px', maxWidth: 420 }}
    />
  );
}
