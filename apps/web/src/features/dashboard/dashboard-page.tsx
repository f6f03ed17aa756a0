import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { roleByUserType } from '@app/shared';
import { useHeadingLevel } from '../../components/heading-level';
import { menuFor } from '../../components/navigation/role-menu';
import { useStoredUser } from '../../components/navigation/use-stored-user';

/**
 * A first dashboard: who is signed in and a tile for each of their menu destinations. Figures and
 * charts come with the analytics issue; until then nothing here pretends to count anything.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const user = useStoredUser();
  const heading = useHeadingLevel();
  const tiles = menuFor(user.userType).filter((item) => item.id !== 'dashboard');
  const role = user.userType ? roleByUserType[user.userType] : null;
  const name = user.firstName ?? user.userEmail ?? '';

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <Title order={heading} size="h2">{t('dashboard.welcome', { name })}</Title>
            <Text c="dimmed">{t('dashboard.intro')}</Text>
          </Stack>
          {role && (
            <Badge size="lg" variant="light" aria-label={t('dashboard.roleLabel', { role: t(`common.roles.${role}`) })}>
              {t(`common.roles.${role}`)}
            </Badge>
          )}
        </Group>
      </Card>

      <section aria-labelledby="dashboard-shortcuts">
        <Title order={useHeadingLevel(1)} size="h4" id="dashboard-shortcuts" mb="sm">
          {t('dashboard.shortcuts')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
          {tiles.map((item) => {
            const Icon = item.icon;
            return (
              <Card
                key={item.id}
                component={Link}
                to={item.path}
                withBorder
                radius="md"
                padding="md"
                aria-label={t(item.labelKey)}
                aria-describedby={`tile-${item.id}`}
                style={{ textDecoration: 'none' }}
              >
                <Group wrap="nowrap" align="flex-start" gap="md">
                  <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                    <Icon size={24} />
                  </ThemeIcon>
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={600}>{t(item.labelKey)}</Text>
                    <Text size="sm" c="dimmed" id={`tile-${item.id}`}>
                      {t(`dashboard.tiles.${item.id}`)}
                    </Text>
                  </Stack>
                  <IconChevronRight size={18} aria-hidden style={{ alignSelf: 'center', opacity: 0.5 }} />
                </Group>
              </Card>
            );
          })}
        </SimpleGrid>
      </section>

      <Text size="sm" c="dimmed">{t('dashboard.analyticsNote')}</Text>
    </Stack>
  );
}

export { DashboardPage as Component };
