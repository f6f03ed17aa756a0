import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { IMPORT_MAX_ROWS } from '@app/shared';
import { AppError } from '../../lib/errors';
import { breathe, SLICE } from './row-values';

/** A file's first sheet as text: the header row and the rows under it. */
export interface Table {
  headers: string[];
  rows: string[][];
}

// A real 10 MB workbook unpacks to well under this; a zip bomb is stopped while it inflates.
const MAX_UNZIPPED_BYTES = 200 * 1024 * 1024;
const MAX_ZIP_ENTRIES = 2000;

const importError = (code: 'unsupported_media_type' | 'payload_too_large' | 'validation', status: number, key: string, message: string) =>
  new AppError(code, status, message, [{ field: 'file', message, key: `peopleImport.errors.${key}` }]);

export const notSpreadsheet = () => importError('unsupported_media_type', 415, 'notSpreadsheet', 'This file is not a CSV or XLSX spreadsheet');
const zipBomb = () => importError('payload_too_large', 413, 'zipBomb', 'This workbook unpacks to far more than a spreadsheet of people can hold');
const tooManyRows = () => importError('payload_too_large', 413, 'tooManyRows', `A file can hold at most ${IMPORT_MAX_ROWS} people; split it in parts`);
const noRows = () => importError('validation', 400, 'empty', 'The file has no header row and no people under it');

/** Reads an uploaded CSV (any usual encoding and separator) or XLSX, refusing anything else. */
export async function readTable(bytes: Buffer, filename: string): Promise<Table> {
  const isZip = bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;
  let table: Table;
  if (isZip) table = await readXlsx(bytes);
  else if (/\.(xlsx|xlsm|xls|ods|pdf|docx?|zip)$/i.test(filename)) throw notSpreadsheet();
  else table = await readCsv(decodeText(bytes));
  const rows = table.rows.filter((r) => r.some((c) => c.trim() !== ''));
  if (table.headers.every((h) => h.trim() === '') || rows.length === 0) throw noRows();
  if (rows.length > IMPORT_MAX_ROWS) throw tooManyRows();
  return { headers: table.headers, rows };
}

/** UTF-8 (with or without a byte-order mark), UTF-16 from Excel's "Unicode text", else Windows-1252. */
export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  // UTF-16 without a mark: every other byte of Latin text is zero.
  const head = bytes.subarray(0, 400);
  const oddZeros = head.filter((b, i) => i % 2 === 1 && b === 0).length;
  if (head.length > 8 && oddZeros > head.length / 4) return new TextDecoder('utf-16le').decode(bytes);
  if (head.includes(0)) throw notSpreadsheet();
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The separator used most on the first lines: comma, semicolon (European Excel) or tab. */
function sniffDelimiter(text: string): string {
  const head = text.slice(0, 4000).split(/\r?\n/).slice(0, 5).join('\n');
  const counts = [',', ';', '\t'].map((d) => [d, head.split(d).length] as const);
  return counts.sort((a, b) => b[1] - a[1])[0]![0];
}

/** Characters csv-parse takes in one go, synchronously: about 150 rows, a couple of milliseconds. */
const PIECE = 16_384;

/**
 * Parsed through csv-parse's stream 16 KB at a time, breathing every SLICE records, so a 10 MB
 * file never holds the event loop (live captions share it) for more than a few milliseconds.
 */
async function readCsv(text: string): Promise<Table> {
  const pieces = Array.from({ length: Math.ceil(text.length / PIECE) }, (_, i) => text.slice(i * PIECE, (i + 1) * PIECE));
  const parser = parse({
    delimiter: sniffDelimiter(text),
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: 64 * 1024,
    to: IMPORT_MAX_ROWS + 2,
  });
  const records: string[][] = [];
  try {
    // The stream's own turns are microtasks, which never let a caption in: breathe every SLICE records.
    for await (const record of Readable.from(pieces).pipe(parser)) {
      if (records.push(record as string[]) % SLICE === 0) await breathe();
    }
  } catch {
    throw notSpreadsheet();
  }
  const [headers = [], ...rows] = records;
  return { headers, rows };
}

/**
 * Inflates every entry of the zip once, counting bytes: yauzl refuses an entry that inflates past
 * its declared size, so a bomb is stopped at MAX_UNZIPPED_BYTES before ExcelJS ever sees it.
 */
function checkZip(bytes: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(notSpreadsheet());
      let total = 0;
      let entries = 0;
      zip.on('error', () => reject(notSpreadsheet()));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        entries += 1;
        total += entry.uncompressedSize;
        if (entries > MAX_ZIP_ENTRIES || total > MAX_UNZIPPED_BYTES) { zip.close(); return reject(zipBomb()); }
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(notSpreadsheet());
          stream.on('data', () => undefined);
          stream.on('error', () => reject(zipBomb()));
          stream.on('end', () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  });
}

/** A cell as the text a person typed: a formula stays its formula text, a date its ISO day. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('formula' in value && value.formula) return `=${value.formula}`;
    if ('sharedFormula' in value && value.sharedFormula) return `=${value.sharedFormula}`;
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

async function readXlsx(bytes: Buffer): Promise<Table> {
  await checkZip(bytes);
  // Loaded on the first spreadsheet, not with every server start: it is a large library.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw notSpreadsheet();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw noRows();
  if (sheet.actualRowCount > IMPORT_MAX_ROWS + 1) throw tooManyRows();
  const width = sheet.columnCount;
  const all: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c).value));
    all.push(cells);
  });
  const [headers = [], ...rows] = all;
  return { headers, rows };
}
