import { IMPORT_MAX_ROWS } from '@app/shared';
import { AppError } from '../../lib/errors';

// What both readers of an upload share (the table they make, the refusals they give), apart from
// read-table.ts, which loads read-xlsx.ts only for a workbook: so neither imports the other.

/**
 * A file's first sheet as text: the header row and the rows under it, blank rows included (as
 * empty rows), so `rows[i]` is the spreadsheet's row `i + 2` as the person sees it (decision 042).
 */
export interface Table {
  headers: string[];
  rows: string[][];
}

export type ImportErrorKey = 'notSpreadsheet' | 'zipBomb' | 'tooManyRows' | 'tooManyCells' | 'empty';

export const importError = (code: 'unsupported_media_type' | 'payload_too_large' | 'validation', status: number, key: ImportErrorKey, message: string) =>
  new AppError(code, status, message, [{ field: 'file', message, key: `peopleImport.errors.${key}` }]);

export const notSpreadsheet = () => importError('unsupported_media_type', 415, 'notSpreadsheet', 'This file is not a CSV or XLSX spreadsheet');
export const tooManyRows = () => importError('payload_too_large', 413, 'tooManyRows', `A file can hold at most ${IMPORT_MAX_ROWS} people; split it in parts`);
/** Blank rows between people are kept for the row numbers; more than this many in all is no list of people. */
export const MAX_SHEET_ROWS = IMPORT_MAX_ROWS * 2;

export const isBlankRow = (row: string[]) => row.every((c) => (c ?? '').trim() === '');
