import type { StaffDetail } from '@app/shared';
import { emptyPerson, personFormToInput, personToForm, type PersonFormValues } from '../components/person-form-values';

export interface StaffFormValues extends PersonFormValues {
  jobTitle: string; department: string; employmentType: string; workLocation: string; startDate: string; endDate: string;
  workEmail: string; countryOfOrigin: string; systemAccessLevel: string; assignedTeams: string; educationLevel: string;
  certifications: string; skills: string; languagesSpoken: string; employeeId: string; linkedinUrl: string; notes: string;
  salary: string; payType: string; bsb: string; accountNumber: string; accountName: string; tfnAbn: string;
  workVisaStatus: string; emergencyContact: string;
  passwordMode: 'password' | 'invite'; password: string;
}

export const recordFields = [
  'jobTitle', 'department', 'employmentType', 'workLocation', 'startDate', 'endDate', 'workEmail', 'countryOfOrigin',
  'systemAccessLevel', 'assignedTeams', 'educationLevel', 'certifications', 'skills', 'languagesSpoken', 'employeeId',
  'linkedinUrl', 'notes',
] as const;

const noPayroll = { salary: '', payType: 'annual', bsb: '', accountNumber: '', accountName: '', tfnAbn: '', workVisaStatus: '', emergencyContact: '' };

export function emptyStaff(churchId: string): StaffFormValues {
  const record = Object.fromEntries(recordFields.map((k) => [k, ''])) as Record<(typeof recordFields)[number], string>;
  return { ...emptyPerson(churchId), role: 'staff', ...record, ...noPayroll, passwordMode: 'password', password: '' };
}

/** Pay fields start empty when editing: what is on file stays unless something new is typed. */
export function staffToForm(s: StaffDetail): StaffFormValues {
  const record = Object.fromEntries(recordFields.map((k) => [k, s[k] ?? ''])) as Record<(typeof recordFields)[number], string>;
  return { ...personToForm(s), ...record, ...noPayroll, passwordMode: 'password', password: '' };
}

const orNull = (v: string) => (v === '' ? null : v);

/** The flat API body: person, staff record and, when typed, payroll. */
export function staffFormToBody(v: StaffFormValues, isNew: boolean) {
  const { firstName, lastName, email, phone, suburb, churchId, address, dateOfBirth, gender, primaryLanguage } = personFormToInput(v, { isNew });
  const record = Object.fromEntries(recordFields.map((k) => [k, orNull(v[k])]));
  const payroll: Record<string, unknown> = {};
  const typed = (value: string) => (isNew ? orNull(value) : value === '' ? undefined : value);
  payroll.salary = typed(v.salary);
  if (payroll.salary !== undefined && payroll.salary !== null) payroll.payType = v.payType || 'annual';
  payroll.bankDetails = v.bsb || v.accountNumber ? { bsb: v.bsb, accountNumber: v.accountNumber, ...(v.accountName ? { accountName: v.accountName } : {}) } : isNew ? null : undefined;
  payroll.tfnAbn = typed(v.tfnAbn);
  payroll.workVisaStatus = typed(v.workVisaStatus);
  payroll.emergencyContact = typed(v.emergencyContact);
  const body = {
    firstName, lastName, email, phone, suburb, churchId, address, dateOfBirth, gender, primaryLanguage,
    ...record,
    ...Object.fromEntries(Object.entries(payroll).filter(([, value]) => value !== undefined)),
  };
  if (!isNew) return body;
  return { ...body, ...(v.passwordMode === 'invite' ? { invite: true } : { password: v.password }) };
}
