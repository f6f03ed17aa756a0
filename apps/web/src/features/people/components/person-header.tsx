import { Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Person } from '@app/shared';
import { ConfirmButton } from '../../../components/confirm-button';
import { errorMessage } from '../../../lib/error-message';
import { AccountStatusBadge, RoleBadge, ShortDate } from './person-cells';

interface Props {
  person: Person;
  canDelete: boolean;
  deleting: boolean;
  /** Deletes and resolves when done; the header tells the person what happened. */
  onDelete: () => Promise<unknown>;
  onDeleted: () => void;
  children?: ReactNode;
}

/** A person's name, role and state above their page, with a delete that names them before it acts. */
export function PersonHeader({ person, canDelete, deleting, onDelete, onDeleted, children }: Props) {
  const { t } = useTranslation();
  const name = `${person.firstName} ${person.lastName}`.trim();
  const handleDelete = () =>
    onDelete().then(
      () => {
        notifications.show({ color: 'green', message: t('people.deleted', { name }) });
        onDeleted();
      },
      (err: unknown) => notifications.show({ color: 'red', title: t('people.deleteFailed'), message: errorMessage(err, t) }),
    );
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" align="flex-start">
      <Stack gap={2}>
        <Title order={2} size="h4">{name}</Title>
        <Group gap="xs">
          <RoleBadge role={person.role} />
          <AccountStatusBadge status={person.status} />
          {/* An import's day is not the day the person joined the church (decision 052). */}
          <Text size="sm" c="dimmed">{t(person.importedAt ? 'people.importedOn' : 'people.joinedOn')} <ShortDate iso={person.importedAt ?? person.createdAt} /></Text>
          {children}
        </Group>
      </Stack>
      {canDelete && (
        <ConfirmButton
          variant="light"
          loading={deleting}
          confirm={{ title: t('people.deleteTitle', { name }), message: t('people.deleteBody', { name }), confirmLabel: t('people.deleteConfirm', { name }), onConfirm: handleDelete }}
        >
          {t('people.delete')}
        </ConfirmButton>
      )}
    </Group>
  );
}
