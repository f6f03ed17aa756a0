import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { AccountStatus, Person, Role } from '@app/shared';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formattingLocale } from '../../../i18n/interface-language';

/** A person's name linking to their page: the keyboard and screen-reader way into a row. */
export function PersonNameLink({ person, to }: { person: Pick<Person, 'firstName' | 'lastName'>; to: string }) {
  return (
    <Anchor component={Link} to={to} fw={500}>
      {`${person.firstName} ${person.lastName}`.trim()}
    </Anchor>
  );
}

export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation();
  // Never narrower than its words: in a crowded table row "ADMINISTRADOR DA IGREJA" was cut to
  // "ADMINISTRA…" at 1280 px, the table squeezing the role column before the others.
  return <Badge variant="light" color={role === 'member' ? 'gray' : 'blue'} miw="max-content">{t(`common.roles.${role}`)}</Badge>;
}

export function AccountStatusBadge({ status }: { status: AccountStatus }) {
  const { t } = useTranslation();
  if (status === 'active') return null;
  return <Badge variant="dot" color={status === 'invited' ? 'yellow' : status === 'no_account' || status === 'imported' ? 'gray' : 'red'} miw="max-content">{t(`people.status.${status}`)}</Badge>;
}

/** A person as a card on a phone: name, how to reach them, and their role. */
export function PersonCard({ person, to, extra }: { person: Person; to: string; extra?: React.ReactNode }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <PersonNameLink person={person} to={to} />
        {/* The status may be two words ("Importado, sem convite"): it goes under the role, not off the card at 390 px. */}
        <Group gap={4} wrap="wrap" justify="flex-end">
          <RoleBadge role={person.role} />
          <AccountStatusBadge status={person.status} />
        </Group>
      </Group>
      {person.email && <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{person.email}</Text>}
      <Text size="sm" c="dimmed">{[person.phone, person.suburb, person.churchName].filter(Boolean).join(' · ')}</Text>
      {extra}
    </Stack>
  );
}

/** A date from the API (ISO) in the reader's language. */
export function ShortDate({ iso }: { iso: string | null }) {
  const { i18n } = useTranslation();
  if (!iso) return null;
  return <>{new Date(iso).toLocaleDateString(formattingLocale(i18n), { day: 'numeric', month: 'short', year: 'numeric' })}</>;
}
