import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ListPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}

/**
 * Paging for API lists (`{ items, total, page, pageSize }`, ARCHITECTURE.md section 4): where the
 * person is, and controls that say what they do.
 */
export function ListPagination({ page, pageSize, total, onChange }: ListPaginationProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('common.pagination.showing', { from, to, total })}
      </Text>
      {pages > 1 && (
        <nav aria-label={t('common.pagination.label')}>
          <Pagination
            total={pages}
            value={page}
            onChange={onChange}
            siblings={1}
            getItemProps={(p) => ({ 'aria-label': t('common.pagination.page', { page: p }), 'aria-current': p === page ? 'page' : undefined })}
            getControlProps={(control) => ({
              'aria-label': t(`common.pagination.${control}`),
            })}
          />
        </nav>
      )}
    </Group>
  );
}
