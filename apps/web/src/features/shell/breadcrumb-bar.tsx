import { useEffect } from 'react';
import { Group, Paper, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppBreadcrumbs } from '../../components/app-breadcrumbs';
import { paths } from '../../config/paths';
import type { RouteTitle } from './route-titles';

/** The bar above each signed-in screen, titled with the current menu item (spec section 2). */
export function BreadcrumbBar({ title }: { title: RouteTitle }) {
  const { t } = useTranslation();
  const text = t(title.titleKey);
  const isDashboard = title.titleKey === 'nav.dashboard';
  const crumbs = [
    { label: t('nav.dashboard'), to: paths.dashboard },
    ...(title.trail ?? []).map((c) => ({ label: t(c.labelKey), to: c.path })),
    ...(isDashboard ? [] : [{ label: text }]),
  ];

  useEffect(() => {
    document.title = `${text} · ${t('common.appName')}`;
  }, [text, t]);

  return (
    <Paper withBorder radius="md" px="md" py="sm" mb="md">
      <Group justify="space-between" align="center" gap="xs" wrap="wrap">
        <Title order={1} size="h3">{text}</Title>
        {/* On the dashboard itself the only crumb would repeat the title. */}
        {crumbs.length > 1 && <AppBreadcrumbs items={crumbs} />}
      </Group>
    </Paper>
  );
}
