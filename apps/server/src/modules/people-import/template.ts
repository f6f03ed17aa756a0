import type { ImportField, InterfaceLanguage } from '@app/shared';
import { headerOf } from './columns';

/** The columns the import reads, in the order a church fills them: each header matches its field again. */
export const TEMPLATE_FIELDS: ImportField[] = ['firstName', 'preferredName', 'lastName', 'email', 'phone', 'address', 'suburb', 'dateOfBirth', 'gender', 'primaryLanguage'];

export const templateHeaders = (language: InterfaceLanguage) => TEMPLATE_FIELDS.map((f) => headerOf(f, language));

const csvCell = (v: string) => (/[",;\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** UTF-8 with a byte-order mark, so Excel opens accents and Chinese as written. */
export function templateCsv(language: InterfaceLanguage): Buffer {
  return Buffer.from(`\uFEFF${templateHeaders(language).map(csvCell).join(',')}\r\n`, 'utf8');
}

export async function templateXlsx(language: InterfaceLanguage): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet('People');
  const headers = templateHeaders(language);
  sheet.columns = headers.map((header) => ({ header, width: Math.max(14, header.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  // Dates and phones typed as text keep their leading 0 and their day order.
  for (const field of ['phone', 'dateOfBirth'] as const) sheet.getColumn(TEMPLATE_FIELDS.indexOf(field) + 1).numFmt = '@';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
