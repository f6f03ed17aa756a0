import { Badge, Group, Indicator, Avatar, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { deletionStatuses, eventStatuses, listenerStatuses, roles, sermonStatuses } from '@app/shared';
import { StatusBadge } from '../../components/status-badge';
import { KitSection, UiKitFrame } from './ui-kit-frame';

const groups = [
  { key: 'events', statuses: eventStatuses },
  { key: 'sermons', statuses: sermonStatuses },
  { key: 'listeners', statuses: listenerStatuses },
  { key: 'deletion', statuses: deletionStatuses },
] as const;

const variants = ['filled', 'light', 'outline', 'dot'] as const;

/** `/basic/badges`: every status badge the lists use, role badges and Mantine's variants. */
export function BadgesPage() {
  const { t } = useTranslation();
  return (
    <UiKitFrame page="badges">
      <KitSection title={t('basic.badges.statuses')} description={t('basic.badges.statusesHint')}>
        <Stack gap="sm">
          {groups.map((g) => (
            <Group key={g.key} gap="sm" wrap="wrap">
              <Text size="sm" w={150} fw={500}>{t(`basic.badges.group.${g.key}`)}</Text>
              {g.statuses.map((s) => <StatusBadge key={s} status={s} />)}
            </Group>
          ))}
        </Stack>
      </KitSection>

      <KitSection title={t('basic.badges.roles')}>
        <Group gap="sm">
          {roles.map((r) => <Badge key={r} variant="light" color="indigo">{t(`common.roles.${r}`)}</Badge>)}
          <Badge variant="outline" color="grape">{t('basic.badges.demoTranslator')}</Badge>
        </Group>
      </KitSection>

      <KitSection title={t('basic.badges.variants')}>
        <Group gap="sm">
          {variants.map((v) => <Badge key={v} variant={v}>{t(`basic.badges.variant.${v}`)}</Badge>)}
        </Group>
      </KitSection>

      <KitSection title={t('basic.badges.indicator')} description={t('basic.badges.indicatorHint')}>
        <Group gap="xl">
          <Group gap="sm">
            <Indicator label="3" size={18}>
              <Avatar radius="xl" color="blue" aria-hidden>AL</Avatar>
            </Indicator>
            <Text size="sm">{t('basic.badges.unread', { count: 3 })}</Text>
          </Group>
          <Group gap="sm">
            <Indicator color="green" processing>
              <Avatar radius="xl" color="indigo" aria-hidden>JS</Avatar>
            </Indicator>
            <Text size="sm">{t('basic.badges.online')}</Text>
          </Group>
        </Group>
      </KitSection>
    </UiKitFrame>
  );
}

export { BadgesPage as Component };
