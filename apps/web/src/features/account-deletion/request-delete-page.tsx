import { Alert, Button, List, Paper, Radio, Stack, Text, Textarea, Title, Anchor } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconClockHour4, IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { createDeletionRequestBody, DELETION_DAYS, deletionReasons, type DeletionReason, type DeletionRequest } from '@app/shared';
import { paths } from '../../config/paths';
import { confirmDestructive } from '../../components/confirm-button';
import { ErrorState, LoadingState } from '../../components/query-states';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { serverFieldErrors, zodFormValidate } from '../../lib/zod-form';
import { useCancelDeletionRequest, useMyDeletionRequest, useRequestDeletion } from './api/my-deletion-request';
import { longDate } from './components/dates';
import { formattingLocale } from '../../i18n/interface-language';

interface Values {
  reason: DeletionReason | '';
  details: string;
}
const toInput = (v: Values) => ({ reason: v.reason || undefined, details: v.details });

/** What happens, said before and after asking: the 30 days of spec section 1, and the anonymous counts kept (decision 016). */
function WhatHappens() {
  const { t } = useTranslation();
  return (
    <List size="sm" spacing={4}>
      <List.Item>{t('accountDeletion.what.review')}</List.Item>
      <List.Item>{t('accountDeletion.what.closed')}</List.Item>
      <List.Item>{t('accountDeletion.what.deleted', { days: DELETION_DAYS })}</List.Item>
      <List.Item>{t('accountDeletion.what.kept')}</List.Item>
    </List>
  );
}

function PendingRequest({ request }: { request: DeletionRequest }) {
  const { t, i18n } = useTranslation();
  const cancel = useCancelDeletionRequest();
  const handleCancel = () =>
    confirmDestructive({
      title: t('accountDeletion.pending.cancelTitle'),
      message: t('accountDeletion.pending.cancelBody'),
      confirmLabel: t('accountDeletion.pending.cancel'),
      onConfirm: () => cancel.mutate(undefined),
    }, t('accountDeletion.pending.keep'));
  return (
    <Alert color="yellow" icon={<IconClockHour4 aria-hidden />} title={t('accountDeletion.pending.title')} role="status">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('accountDeletion.pending.body', { requested: longDate(request.requestedAt, formattingLocale(i18n)), deleteBy: longDate(request.deleteBy, formattingLocale(i18n)) })}</Text>
        <WhatHappens />
        {cancel.isError && <Text size="sm" c="red" role="alert">{errorMessage(cancel.error, t)}</Text>}
        <Button variant="default" onClick={handleCancel} loading={cancel.isPending}>{t('accountDeletion.pending.cancel')}</Button>
      </Stack>
    </Alert>
  );
}

function RequestForm({ previous }: { previous: DeletionRequest | null }) {
  const { t, i18n } = useTranslation();
  const send = useRequestDeletion();
  const form = useForm<Values>({ initialValues: { reason: '', details: '' }, validate: zodFormValidate<Values>(createDeletionRequestBody, t, { toInput }) });
  const deleteBy = new Date(Date.now() + DELETION_DAYS * 86_400_000).toISOString();
  const handleSubmit = form.onSubmit((values) =>
    confirmDestructive({
      title: t('accountDeletion.confirm.title'),
      message: t('accountDeletion.confirm.body', { deleteBy: longDate(deleteBy, formattingLocale(i18n)) }),
      confirmLabel: t('accountDeletion.confirm.send'),
      onConfirm: () => send.mutate({ reason: values.reason as DeletionReason, details: values.details || null }, { onError: (err) => form.setErrors(serverFieldErrors(err, t)) }),
    }, t('common.cancel')),
  );
  return (
    <Stack gap="md">
      {previous?.status === 'rejected' && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('accountDeletion.rejected.title')}>
          <Text size="sm">{t('accountDeletion.rejected.body')}</Text>
          <Text size="sm" fs="italic" mt={4} style={{ whiteSpace: 'pre-wrap' }}>{previous.rejectionReason}</Text>
        </Alert>
      )}
      <Text size="sm">{t('accountDeletion.form.intro')}</Text>
      <WhatHappens />
      <Text size="sm">
        {t('accountDeletion.form.copyFirst')}{' '}
        <Anchor component={Link} to={paths.profile}>{t('accountDeletion.form.copyLink')}</Anchor>
      </Text>
      <form onSubmit={handleSubmit} noValidate aria-label={t('accountDeletion.form.label')}>
        <Stack gap="md">
          {send.isError && !(send.error instanceof ApiError && send.error.status === 400) && (
            <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />}>
              {send.error instanceof ApiError && send.error.status === 409 ? t('errors.deletion_request_open') : t('accountDeletion.form.failed')}
            </Alert>
          )}
          <Radio.Group label={t('accountDeletion.form.reason')} required {...form.getInputProps('reason')}>
            <Stack gap="xs" mt={6}>
              {deletionReasons.map((r) => <Radio key={r} value={r} label={t(`accountDeletion.reasons.${r}`)} />)}
            </Stack>
          </Radio.Group>
          <Textarea
            label={t('accountDeletion.form.details')}
            description={t('accountDeletion.form.detailsHint')}
            required={form.values.reason === 'other'}
            autosize
            minRows={3}
            maxLength={1000}
            {...form.getInputProps('details')}
          />
          <Button type="submit" color="red" loading={send.isPending} style={{ alignSelf: 'flex-start' }}>{t('accountDeletion.form.submit')}</Button>
        </Stack>
      </form>
    </Stack>
  );
}

/** `/request-delete`: a person asks for their account and personal data to be deleted (spec section 2). */
export function RequestDeletePage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('nav.deleteMyAccount')} · ${t('common.appName')}`);
  const mine = useMyDeletionRequest();
  const request = mine.data?.request ?? null;
  let body;
  if (mine.isPending) body = <LoadingState />;
  else if (mine.isError) body = <ErrorState error={mine.error} onRetry={() => void mine.refetch()} title={t('accountDeletion.loadFailed')} />;
  else if (request?.status === 'pending') body = <PendingRequest request={request} />;
  else body = <RequestForm previous={request} />;
  return (
    <Stack gap="lg" maw={760}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Title order={2} size="h3">{t('accountDeletion.title')}</Title>
          {body}
        </Stack>
      </Paper>
      <Button component="a" href="/api/v1/me/export" download variant="subtle" leftSection={<IconDownload size={16} aria-hidden />} style={{ alignSelf: 'flex-start' }}>
        {t('myData.download')}
      </Button>
    </Stack>
  );
}

export { RequestDeletePage as Component };
