import { Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { roleByUserType } from '@app/shared';
import { useHeadingLevel } from '../../components/heading-level';
import { useStoredUser } from '../../components/navigation/use-stored-user';
import { PersonalDashboard } from './personal-dashboard';

// The charts (recharts) are for admins only: members and staff never download them.
const AdminDashboard = lazy(() => import('./admin-dashboard').then((m) => ({ default: m.AdminDashboard })));

/**
 * `/dashboard` and `/today-sermons` (spec sections 2 and 9): figures and charts for
 * church and platform admins, today's sermons for staff, live sermons, events and listening for members.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const user = useStoredUser();
  const heading = useHeadingLevel();
  const role = user.userType ? roleByUserType[user.userType] : null;
  const name = user.firstName ?? user.userEmail ?? '';
  const isAdmin = role === 'platform_admin' || role === 'church_admin';

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <Title order={heading} size="h3">{t('dashboard.welcome', { name })}</Title>
            <Text c="dimmed" size="sm">{isAdmin ? t('analytics.adminIntro') : t('analytics.personalIntro')}</Text>
          </Stack>
          {role && (
            <Badge size="lg" variant="light" aria-label={t('dashboard.roleLabel', { role: t(`common.roles.${role}`) })}>
              {t(`common.roles.${role}`)}
            </Badge>
          )}
        </Group>
      </Card>
      {isAdmin ? (
        <Suspense fallback={<Skeleton h={240} radius="md" role="status" aria-label={t('common.loading')} />}>
          <AdminDashboard ownChurchId={user.churchId} isPlatform={role === 'platform_admin'} />
        </Suspense>
      ) : (
        <PersonalDashboard isMember={role !== 'staff'} hasChurch={!!user.churchId} />
      )}
    </Stack>
  );
}

export { DashboardPage as Component };
