import { z } from 'zod';
import { pageOf } from './api';
import { isValidTfnOrAbn, normaliseTfnAbn } from './australian-checks';
import { employmentTypes, workLocations } from './enums';
import { booleanFilter, listQueryFor } from './lists';
import { personFields, personSchema } from './people';
import { linkedinField, msg, optionalTextField, passwordField, workEmailField } from './validation';

const optionalDate = z.union([z.literal(''), z.iso.date({ error: msg('dateInvalid') })], { error: msg('dateInvalid') }).nullable().optional();

export const payTypes = ['annual', 'hourly'] as const;

/**
 * Bank details: `{ bsb, accountNumber, accountName? }`, or text such as "062-000 12345678" or
 * "BSB 062000 Account 12345678" (the BSB is the first 3+3 digits, the account the next 6–10).
 */
export const bankDetailsField = z.preprocess(
  (v) => {
    if (typeof v === 'string') {
      const m = /(\d{3})[\s-]?(\d{3})\D+(\d[\d\s]{4,12}\d)/.exec(v);
      return m ? { bsb: `${m[1]}${m[2]}`, accountNumber: m[3] } : { bsb: v, accountNumber: '' };
    }
    if (v && typeof v === 'object' && !('accountNumber' in v) && 'account' in v) {
      return { ...v, accountNumber: (v as { account: unknown }).account };
    }
    return v;
  },
  z.object({
    bsb: z.string({ error: msg('bsbInvalid') }).trim().transform((v) => v.replace(/[\s-]/g, '')).pipe(z.string().regex(/^\d{6}$/, msg('bsbInvalid'))),
    accountNumber: z
      .string({ error: msg('accountNumberInvalid') })
      .trim()
      .transform((v) => v.replace(/\s/g, ''))
      .pipe(z.string().regex(/^\d{6,10}$/, msg('accountNumberInvalid'))),
    accountName: z.string().trim().max(100, msg('tooLong')).optional(),
  }),
);
export type BankDetails = z.output<typeof bankDetailsField>;

/** Salary or hourly rate: a positive amount (`85000`, `$42.50`, `85,000 per year`). */
export const salaryField = z
  .union([z.number().nonnegative(), z.string()], { error: msg('salaryInvalid') })
  .transform((v) => (typeof v === 'number' ? String(v) : (/\d[\d,]*(?:\.\d{1,2})?/.exec(v)?.[0] ?? v).replace(/,/g, '')))
  .pipe(z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, msg('salaryInvalid')));

/** "42.50 per hour" says how it is paid; a bare amount is a yearly salary unless `payType` says so. */
function payTypeFromSalaryText(v: unknown) {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const body = v as Record<string, unknown>;
  if (body.payType !== undefined || typeof body.salary !== 'string') return v;
  return /hour|\/\s*h(r)?\b/i.test(body.salary) ? { ...body, payType: 'hourly' } : v;
}

/** TFN or ABN by its check digits; '' clears it. */
export const tfnAbnField = z
  .string({ error: msg('tfnAbnInvalid') })
  .trim()
  .refine((v) => v === '' || isValidTfnOrAbn(v), msg('tfnAbnInvalid'))
  .transform(normaliseTfnAbn);

/** The staff record of spec section 3, without the encrypted payroll fields. */
export const staffRecordFields = z.object({
  jobTitle: optionalTextField(100),
  department: optionalTextField(100),
  employmentType: z.enum(employmentTypes, { error: msg('invalidChoice') }).nullable().optional(),
  workLocation: z.enum(workLocations, { error: msg('invalidChoice') }).nullable().optional(),
  startDate: optionalDate,
  endDate: optionalDate,
  workEmail: workEmailField.nullable().optional(),
  countryOfOrigin: optionalTextField(80),
  systemAccessLevel: optionalTextField(80),
  assignedTeams: optionalTextField(300),
  educationLevel: optionalTextField(100),
  /** Comma-separated (spec section 3). */
  certifications: optionalTextField(500),
  skills: optionalTextField(500),
  languagesSpoken: optionalTextField(300),
  employeeId: optionalTextField(40),
  linkedinUrl: linkedinField.nullable().optional(),
  notes: optionalTextField(2000),
});

/** Encrypted at rest, masked everywhere, revealed one record at a time (decision 011). */
export const payrollFields = z.object({
  salary: salaryField.nullable().optional(),
  payType: z.enum(payTypes, { error: msg('invalidChoice') }).nullable().optional(),
  bankDetails: bankDetailsField.nullable().optional(),
  tfnAbn: tfnAbnField.nullable().optional(),
  workVisaStatus: optionalTextField(100),
  emergencyContact: optionalTextField(200),
});
export const payrollFieldNames = ['salary', 'payType', 'bankDetails', 'tfnAbn', 'workVisaStatus', 'emergencyContact'] as const;

const endAfterStart = {
  path: ['endDate'],
  message: msg('endBeforeStart'),
  when: (p: { issues: ReadonlyArray<{ path?: ReadonlyArray<PropertyKey> }> }) =>
    !p.issues.some((i) => ['startDate', 'endDate'].includes(String(i.path?.[0]))),
};
const datesInOrder = (v: { startDate?: string | null; endDate?: string | null }) =>
  !v.startDate || !v.endDate || v.endDate >= v.startDate;

/** POST /api/v1/staff: the person's fields, the staff record and payroll in one flat object. */
export const createStaffBody = z.preprocess(payTypeFromSalaryText, personFields
  .omit({ acceptedJesus: true, acceptedJesusAt: true })
  .extend(staffRecordFields.shape)
  .extend(payrollFields.shape)
  .extend({ password: passwordField.optional(), invite: z.boolean().optional() })
  .refine((v) => v.invite === true || v.password !== undefined, {
    path: ['password'],
    message: msg('passwordRequired'),
    when: (payload) => !payload.issues.some((i) => i.path?.[0] === 'password'),
  })
  .refine(datesInOrder, endAfterStart));
export type CreateStaffBody = z.input<typeof createStaffBody>;

export const updateStaffBody = z.preprocess(payTypeFromSalaryText, personFields
  .omit({ acceptedJesus: true, acceptedJesusAt: true })
  .partial()
  .extend(staffRecordFields.shape)
  .extend(payrollFields.shape)
  .refine(datesInOrder, endAfterStart));
export type UpdateStaffBody = z.input<typeof updateStaffBody>;

const staffRecordSchema = z.object({
  jobTitle: z.string().nullable(),
  department: z.string().nullable(),
  employmentType: z.enum(employmentTypes).nullable(),
  workLocation: z.enum(workLocations).nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  workEmail: z.string().nullable(),
  countryOfOrigin: z.string().nullable(),
  systemAccessLevel: z.string().nullable(),
  assignedTeams: z.string().nullable(),
  educationLevel: z.string().nullable(),
  certifications: z.string().nullable(),
  skills: z.string().nullable(),
  languagesSpoken: z.string().nullable(),
  employeeId: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  notes: z.string().nullable(),
});

/** A staff member in lists and exports: no payroll value at all, only whether it is on file. */
export const staffListItem = personSchema.extend(staffRecordSchema.shape).extend({ hasPayroll: z.boolean() });
export type StaffListItem = z.infer<typeof staffListItem>;

/** Payroll as shown: masked (`••••1234`), or whole for the person themself and after a reveal. */
export const payrollSchema = z.object({
  salary: z.string().nullable(),
  payType: z.enum(payTypes).nullable(),
  bankDetails: z.object({ bsb: z.string(), accountNumber: z.string(), accountName: z.string().nullable() }).nullable(),
  tfnAbn: z.string().nullable(),
  workVisaStatus: z.string().nullable(),
  emergencyContact: z.string().nullable(),
});
export type Payroll = z.infer<typeof payrollSchema>;

export const staffDetail = staffListItem.extend({ payroll: payrollSchema, payrollMasked: z.boolean() });
export type StaffDetail = z.infer<typeof staffDetail>;

export const staffSortable = ['firstName', 'lastName', 'email', 'phone', 'jobTitle', 'department', 'churchName', 'startDate', 'createdAt'] as const;
export const staffListQuery = listQueryFor(staffSortable, {
  churchId: z.string().uuid(msg('invalidChoice')).optional(),
  employmentType: z.enum(employmentTypes, { error: msg('invalidChoice') }).optional(),
  workLocation: z.enum(workLocations, { error: msg('invalidChoice') }).optional(),
  current: booleanFilter,
});
export type StaffListQuery = z.input<typeof staffListQuery>;
export const staffList = pageOf(staffListItem);
