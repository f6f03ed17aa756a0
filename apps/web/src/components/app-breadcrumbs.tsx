import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export interface BreadcrumbItem {
  label: string;
  /** Omitted for the current page, which is not a link. */
  to?: string;
}

/** Breadcrumbs as a labelled navigation landmark; the last crumb is the current page. */
export function AppBreadcrumbs({ items, label }: { items: BreadcrumbItem[]; label?: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={label ?? t('common.breadcrumb')}>
      <Breadcrumbs separatorMargin={6} styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }}>
        {items.map((item, index) =>
          item.to && index < items.length - 1 ? (
            <Anchor key={`${index}-${item.label}`} component={Link} to={item.to} size="sm">
              {item.label}
            </Anchor>
          ) : (
            <Text key={`${index}-${item.label}`} size="sm" c="dimmed" aria-current={index === items.length - 1 ? 'page' : undefined}>
              {item.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
