import type { BankDetails, Payroll, payrollFields } from '@app/shared';
import type { z } from 'zod';
import type { staffDetails } from '../../db/schema';
import type { SecretBox } from '../../lib/crypto';

type PayrollInput = z.output<typeof payrollFields>;
type StaffRow = typeof staffDetails.$inferSelect;
type EncryptedColumns = Pick<StaffRow, 'salaryEnc' | 'bankDetailsEnc' | 'tfnAbnEnc' | 'workVisaStatusEnc' | 'emergencyContactEnc'>;

/**
 * Payroll and private details (decision 011) are encrypted one field at a time with the secrets
 * key, so a database file or backup never holds a TFN, bank account or salary in clear text.
 * undefined leaves a column alone; null or '' clears it.
 */
export function encryptPayroll(box: SecretBox, input: PayrollInput): Partial<EncryptedColumns> {
  const out: Partial<EncryptedColumns> = {};
  const put = (column: keyof EncryptedColumns, value: unknown, plain: () => string) => {
    if (value === undefined) return;
    out[column] = value === null || value === '' ? null : box.encrypt(plain());
  };
  if (input.salary !== undefined || input.payType !== undefined) {
    put('salaryEnc', input.salary, () => JSON.stringify({ amount: input.salary, payType: input.payType ?? 'annual' }));
  }
  put('bankDetailsEnc', input.bankDetails, () => JSON.stringify(input.bankDetails));
  put('tfnAbnEnc', input.tfnAbn, () => input.tfnAbn as string);
  put('workVisaStatusEnc', input.workVisaStatus, () => input.workVisaStatus as string);
  put('emergencyContactEnc', input.emergencyContact, () => input.emergencyContact as string);
  return out;
}

export function decryptPayroll(box: SecretBox, row: EncryptedColumns | null): Payroll {
  const open = (v: string | null | undefined) => (v ? box.decryptOrNull(v) : null);
  const salary = open(row?.salaryEnc);
  const bank = open(row?.bankDetailsEnc);
  const parsedSalary = salary ? (JSON.parse(salary) as { amount: string; payType: Payroll['payType'] }) : null;
  const parsedBank = bank ? (JSON.parse(bank) as BankDetails) : null;
  return {
    salary: parsedSalary?.amount ?? null,
    payType: parsedSalary?.payType ?? null,
    bankDetails: parsedBank ? { bsb: parsedBank.bsb, accountNumber: parsedBank.accountNumber, accountName: parsedBank.accountName ?? null } : null,
    tfnAbn: open(row?.tfnAbnEnc),
    workVisaStatus: open(row?.workVisaStatusEnc),
    emergencyContact: open(row?.emergencyContactEnc),
  };
}

const HIDDEN = '••••';
// Enough of an account or TFN to tell two apart on a call, never enough to use (last 3 digits).
const tail = (v: string) => `${HIDDEN}${v.slice(-3)}`;

/** What an admin sees before revealing: whether each value is on file, and the last digits of numbers. */
export function maskPayroll(p: Payroll): Payroll {
  return {
    salary: p.salary ? HIDDEN : null,
    payType: null,
    bankDetails: p.bankDetails ? { bsb: HIDDEN, accountNumber: tail(p.bankDetails.accountNumber), accountName: p.bankDetails.accountName ? HIDDEN : null } : null,
    tfnAbn: p.tfnAbn ? tail(p.tfnAbn) : null,
    workVisaStatus: p.workVisaStatus ? HIDDEN : null,
    emergencyContact: p.emergencyContact ? HIDDEN : null,
  };
}

export const hasPayroll = (row: EncryptedColumns | null) =>
  !!(row && (row.salaryEnc || row.bankDetailsEnc || row.tfnAbnEnc || row.workVisaStatusEnc || row.emergencyContactEnc));
