import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { useHeadingLevel } from '../../components/heading-level';

const pages = [
  { path: paths.basicButton, key: 'button' },
  { path: paths.basicBadges, key: 'badges' },
  { path: paths.basicBreadcrumbPaging, key: 'breadcrumbPaging' },
  { path: paths.basicCollapse, key: 'collapse' },
  { path: paths.basicTabsPills, key: 'tabsPills' },
  { path: paths.basicTypography, key: 'typography' },
] as const;

export type UiKitPageKey = (typeof pages)[number]['key'];

/** The frame of the six `/basic/*` pages: a way between them and what the page shows. */
export function UiKitFrame({ page, children }: { page: UiKitPageKey; children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Stack gap="lg">
      <nav aria-label={t('basic.kitNav')}>
        <Group gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {pages.map((p) => {
            const isCurrent = p.path === pathname;
            return (
              <li key={p.key}>
                <Button component={Link} to={p.path} size="xs" variant={isCurrent ? 'filled' : 'default'} aria-current={isCurrent ? 'page' : undefined}>
                  {t(`basic.${p.key}.title`)}
                </Button>
              </li>
            );
          })}
        </Group>
      </nav>
      <Text c="dimmed">{t(`basic.${page}.intro`)}</Text>
      {children}
    </Stack>
  );
}

/** One labelled group of examples. */
export function KitSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const order = useHeadingLevel();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={order} size="h4" mb={description ? 4 : 'sm'}>{title}</Title>
      {description && <Text size="sm" c="dimmed" mb="sm">{description}</Text>}
      {children}
    </Paper>
  );
}
