import { Badge, type BadgeProps, type MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DeletionStatus, EventStatus, ListenerStatus, SermonStatus } from '@app/shared';

export type Status = EventStatus | SermonStatus | ListenerStatus | DeletionStatus;

// One colour per meaning across every list: green is running or accepted, grey is over.
const colors: Record<Status, MantineColor> = {
  active: 'green',
  expired: 'gray',
  live: 'red',
  paused: 'yellow',
  ended: 'gray',
  inactive: 'gray',
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  cancelled: 'gray',
};

/** The state of an event, sermon, listener or deletion request (spec section 4), translated. */
export function StatusBadge({ status, ...props }: { status: Status } & Omit<BadgeProps, 'color' | 'children'>) {
  const { t } = useTranslation();
  return (
    // The dot carries the colour and the text stays at full contrast: Mantine's green and yellow
    // as text on a tint fall below WCAG AA.
    <Badge color={colors[status]} variant="dot" {...props}>
      {t(`common.status.${status}`)}
    </Badge>
  );
}
