import { Alert, Button, Checkbox, List, Modal, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SalvationBody, SalvationResponse } from '@app/shared';
import { api } from '../../lib/api-client';
import { QueryScope } from '../../lib/query-scope';
import { useStoredUser } from '../navigation/use-stored-user';

type DialogProps = {
  opened: boolean;
  onClose: () => void;
  onDecided: () => void;
  sermonId?: string;
  language: string;
};

/**
 * The consent step and thanks of "I accept Jesus" (see accept-jesus-button.tsx). Religious belief is
 * sensitive information (Australian Privacy Principles): it says what is kept and who sees it before
 * anything is sent; a guest may stay anonymous.
 */
export function AcceptJesusDialog(props: DialogProps) {
  return (
    <QueryScope>
      <ConsentDialog {...props} />
    </QueryScope>
  );
}

function ConsentDialog({ opened, onClose, onDecided, sermonId, language }: DialogProps) {
  const { t } = useTranslation();
  const isSignedIn = !!useStoredUser().userEmail;
  const qc = useQueryClient();
  const [consent, setConsent] = useState(false);
  const [firstName, setFirstName] = useState('');
  const [contact, setContact] = useState('');
  const save = useMutation({
    mutationFn: (body: SalvationBody) => api<SalvationResponse>('/salvations', { method: 'POST', body }),
    onSuccess: () => {
      onDecided();
      void qc.invalidateQueries({ queryKey: ['analytics'] });
    },
  });
  const close = () => {
    onClose();
    if (!save.isSuccess) setConsent(false);
  };

  return (
    <Modal opened={opened} onClose={close} title={save.isSuccess ? t('salvation.thanksTitle') : t('salvation.consentTitle')} closeButtonProps={{ 'aria-label': t('salvation.close') }} centered>
      {save.isSuccess ? (
        <Stack gap="sm">
          <ThemeIcon size={48} radius="xl" color="grape" variant="light" aria-hidden><IconHeartHandshake size={28} /></ThemeIcon>
          <Text>{t('salvation.thanksBody')}</Text>
          <Text fw={600}>{t('salvation.nextStepsTitle')}</Text>
          <List spacing={4} size="sm">
            <List.Item>{t('salvation.nextSteps.pray')}</List.Item>
            <List.Item>{t('salvation.nextSteps.read')}</List.Item>
            <List.Item>{t('salvation.nextSteps.church')}</List.Item>
            <List.Item>{isSignedIn || contact ? t('salvation.nextSteps.contact') : t('salvation.nextSteps.anonymous')}</List.Item>
          </List>
          <Button onClick={close}>{t('salvation.close')}</Button>
        </Stack>
      ) : (
        <form onSubmit={(e) => { e.preventDefault(); save.mutate({ sermonId, language, consent: true, ...(isSignedIn ? {} : { firstName, contact }) }); }}>
          <Stack gap="sm">
            <Text size="sm">{t('salvation.consentIntro')}</Text>
            <List spacing={4} size="sm">
              <List.Item>{isSignedIn ? t('salvation.kept.member') : t('salvation.kept.guest')}</List.Item>
              <List.Item>{t('salvation.kept.who')}</List.Item>
              <List.Item>{isSignedIn ? t('salvation.kept.withdraw') : t('salvation.kept.guestWithdraw')}</List.Item>
            </List>
            {!isSignedIn && (
              <>
                <TextInput label={t('salvation.firstName')} value={firstName} onChange={(e) => setFirstName(e.currentTarget.value)} maxLength={60} autoComplete="given-name" />
                <TextInput label={t('salvation.contact')} description={t('salvation.contactHint')} value={contact} onChange={(e) => setContact(e.currentTarget.value)} maxLength={120} />
              </>
            )}
            <Checkbox label={t('salvation.consentLabel')} checked={consent} onChange={(e) => setConsent(e.currentTarget.checked)} />
            {save.isError && <Alert color="red" role="alert">{t('salvation.failed')}</Alert>}
            <Button type="submit" color="grape" disabled={!consent} loading={save.isPending}>{t('salvation.confirm')}</Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
