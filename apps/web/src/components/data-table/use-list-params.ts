import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readListParams, writeListParams, type ListParams } from './list-params';

/**
 * A list's page, search, sort and filters read from and written to the URL, so refresh and the
 * back button keep them. Typing in the search replaces the history entry instead of adding one per
 * pause, so back leaves the list rather than stepping through the letters.
 */
export function useListParams(filterKeys: readonly string[], defaultSort: string) {
  const [search, setSearch] = useSearchParams();
  const key = filterKeys.join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const params = useMemo(() => readListParams(search, filterKeys, defaultSort), [search, key, defaultSort]);
  const update = useCallback(
    (change: Partial<ListParams>, opts: { replace?: boolean } = {}) =>
      setSearch((current) => writeListParams(current, change, defaultSort), { replace: opts.replace }),
    [setSearch, defaultSort],
  );
  return { params, update };
}
