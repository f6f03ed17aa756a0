import { modals } from '@mantine/modals';
import { modalsReady, requestModalsHost } from './ui-overlays';

/**
 * Mantine's `modals.open…`, sent only once the dialogs' host, loaded on the first one, listens
 * (ui-overlays.tsx): a click straight after a slow page appears still opens its dialog.
 */
function whenHostListens(open: () => void) {
  requestModalsHost();
  void modalsReady.then(open);
}

export const dialogs = {
  open: (props: Parameters<typeof modals.open>[0]) => whenHostListens(() => modals.open(props)),
  confirm: (props: Parameters<typeof modals.openConfirmModal>[0]) => whenHostListens(() => modals.openConfirmModal(props)),
  closeAll: () => modals.closeAll(),
};
