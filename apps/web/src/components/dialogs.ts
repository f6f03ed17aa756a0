import { modals } from '@mantine/modals';
import { modalsReady } from './ui-overlays';

/**
 * Mantine's `modals.open…`, sent only once the lazily loaded dialogs' host listens (ui-overlays.tsx):
 * a click straight after a slow page appears still opens its dialog.
 */
export const dialogs = {
  open: (props: Parameters<typeof modals.open>[0]) => void modalsReady.then(() => modals.open(props)),
  confirm: (props: Parameters<typeof modals.openConfirmModal>[0]) => void modalsReady.then(() => modals.openConfirmModal(props)),
  closeAll: () => modals.closeAll(),
};
