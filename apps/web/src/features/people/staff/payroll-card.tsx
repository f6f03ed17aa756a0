import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconEyeOff, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Payroll, StaffDetail } from '@app/shared';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { RevealCodeForm } from './reveal-code-form';
import { useRevealPayroll } from '../api/staff';

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm" ff={value?.startsWith('••••') ? 'monospace' : undefined}>{value ?? '—'}</Text>
    </div>
  );
}

/**
 * Pay and private details: masked until a church or platform admin reveals them, one record at a
 * time (the server audits each reveal); a staff member sees their own whole.
 */
export function PayrollCard({ staff, canReveal }: { staff: StaffDetail; canReveal: boolean }) {
  const { t } = useTranslation();
  const reveal = useRevealPayroll(staff.id);
  const [shown, setShown] = useState<Payroll | null>(null);
  const payroll = shown ?? staff.payroll;
  const f = (k: string) => t(`people.staff.fields.${k}`);
  const salary = payroll.salary && payroll.payType ? `${payroll.salary} ${t(`people.staff.payTypes.${payroll.payType}`)}` : payroll.salary;

  const handleReveal = (code?: string) => reveal.mutate(code, { onSuccess: (detail) => setShown(detail.payroll) });
  const code = reveal.error instanceof ApiError ? reveal.error.code : null;
  // Decision 023: a code from the authenticator app, or first set two-step sign-in up.
  const askCode = code === 'two_step_code_needed' || code === 'two_step_code_invalid';

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h5">{t('people.sections.payroll')}</Title>
          {canReveal && staff.payrollMasked && (shown ? (
            <Button variant="default" size="xs" leftSection={<IconEyeOff size={14} aria-hidden />} onClick={() => setShown(null)}>{t('people.staff.hide')}</Button>
          ) : (
            <Button variant="light" size="xs" leftSection={<IconEye size={14} aria-hidden />} loading={reveal.isPending} onClick={() => handleReveal()}>{t('people.staff.reveal')}</Button>
          ))}
        </Group>
        {staff.payrollMasked && !shown && (
          <Text size="sm" c="dimmed"><IconLock size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {t('people.staff.payrollMasked')}</Text>
        )}
        {askCode && !shown && <RevealCodeForm wrong={code === 'two_step_code_invalid'} pending={reveal.isPending} onCode={handleReveal} />}
        {code === 'two_step_required' && (
          <Alert color="yellow" role="alert" title={t('people.staff.revealFailed')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorMessage(reveal.error, t)}</Text>
              <Anchor component={Link} to={`${paths.profile}#two-step`} size="sm">{t('security.reveal.enrol')}</Anchor>
            </Stack>
          </Alert>
        )}
        {reveal.isError && !askCode && code !== 'two_step_required' && <Alert color="red" role="alert" title={t('people.staff.revealFailed')}>{errorMessage(reveal.error, t)}</Alert>}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} aria-live="polite">
          <Field label={f('salary')} value={salary} />
          <Field label={f('bsb')} value={payroll.bankDetails?.bsb ?? null} />
          <Field label={f('accountNumber')} value={payroll.bankDetails?.accountNumber ?? null} />
          <Field label={f('accountName')} value={payroll.bankDetails?.accountName ?? null} />
          <Field label={f('tfnAbn')} value={payroll.tfnAbn} />
          <Field label={f('workVisaStatus')} value={payroll.workVisaStatus} />
          <Field label={f('emergencyContact')} value={payroll.emergencyContact} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
