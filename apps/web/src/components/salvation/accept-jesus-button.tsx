import { Button, Text } from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Me } from '@app/shared';
import { api } from '../../lib/api-client';
import { readStoredUser } from '../../lib/stored-user';

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
  // A signed-in member who decided already (on the dashboard, in an earlier sermon) is not asked again.
  const [decidedBefore, setDecidedBefore] = useState(false);
  useEffect(() => {
    if (!readStoredUser().userId) return;
    let cancelled = false;
    api<Me>('/me').then((me) => !cancelled && setDecidedBefore(me.acceptedJesus), () => undefined);
    return () => { cancelled = true; };
  }, []);

  const handleOpen = () => {
    setWasOpened(true);
    setOpen(true);
  };

  if (decidedBefore && !wasOpened) {
    return (
      <Text c="grape" fw={600} role="status" style={{ flexShrink: 0, display: 'flex', alignItems: 'center', gap: 6, minHeight: 44 }}>
        <IconHeart size={18} aria-hidden />
        {t('salvation.decided')}
      </Text>
    );
  }

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
