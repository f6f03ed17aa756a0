import { Button, Text, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogs } from './dialogs';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
}

/** Asks before a destructive action; nothing happens unless the person confirms. */
export function confirmDestructive({ title, message, confirmLabel, onConfirm }: ConfirmOptions, cancelLabel: string) {
  dialogs.confirm({
    title,
    children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
    labels: { confirm: confirmLabel, cancel: cancelLabel },
    confirmProps: { color: 'red' },
    closeButtonProps: { 'aria-label': cancelLabel },
    onConfirm,
  });
}

/** A red button that confirms before it acts (quality bar: confirmation before destructive actions). */
export function ConfirmButton({
  confirm,
  children,
  ...props
}: { confirm: ConfirmOptions; children: ReactNode } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation();
  return (
    <Button color="red" {...props} onClick={() => confirmDestructive(confirm, t('common.cancel'))}>
      {children}
    </Button>
  );
}
