import { modals } from '@mantine/modals';
import { i18n } from '../i18n';
import { modalsReady, requestModalsHost } from './ui-overlays';

/** The × of every dialog is a button: it needs a name screen readers say (axe: button-name). */
const closeButtonProps = () => ({ 'aria-label': i18n.t('common.close') });

/**
 * Mantine's `modals.open…`, sent only once the dialogs' host, loaded on the first one, listens
 * (ui-overlays.tsx): a click straight after a slow page appears still opens its dialog.
 */
function whenHostListens(open: () => void) {
  requestModalsHost();
  void modalsReady.then(open);
}

export const dialogs = {
  open: (props: Parameters<typeof modals.open>[0]) => whenHostListens(() => modals.open({ closeButtonProps: closeButtonProps(), ...props })),
  confirm: (props: Parameters<typeof modals.openConfirmModal>[0]) => whenHostListens(() => modals.openConfirmModal({ closeButtonProps: closeButtonProps(), ...props })),
  closeAll: () => modals.closeAll(),
};
