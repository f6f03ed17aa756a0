import { Button } from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The dialog (modal, form, focus trap) loads on the first tap: most listeners never open it.
const loadDialog = () => import('./accept-jesus-dialog');
const AcceptJesusDialog = lazy(() => loadDialog().then((m) => ({ default: m.AcceptJesusDialog })));

/**
 * "I accept Jesus" (decision 014), on the listener screen and the member's dashboard: a consent
 * step first, then thanks and next steps (accept-jesus-dialog.tsx).
 */
export function AcceptJesusButton({ sermonId, language }: { sermonId?: string; language: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Kept mounted once opened, so a decision made stays made and the close animation plays.
  const [wasOpened, setWasOpened] = useState(false);
  const [decided, setDecided] = useState(false);

  const handleOpen = () => {
    setWasOpened(true);
    setOpen(true);
  };

  return (
    <>
      <Button
        size="md"
        color="grape"
        variant={decided ? 'light' : 'filled'}
        // A full touch target whatever sits beside it: on the listener screen the growing caption
        // list would otherwise squeeze it (a column of flex items shrinks them all).
        mih={44}
        h="auto"
        py={6}
        style={{ flexShrink: 0 }}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
        leftSection={<IconHeart size={18} aria-hidden />}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={handleOpen}
      >
        {decided ? t('salvation.decided') : t('salvation.button')}
      </Button>
      {wasOpened && (
        <Suspense fallback={null}>
          <AcceptJesusDialog opened={open} onClose={() => setOpen(false)} onDecided={() => setDecided(true)} sermonId={sermonId} language={language} />
        </Suspense>
      )}
    </>
  );
}
