import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { IMPORT_MAX_ROWS } from '@app/shared';
import { breathe, SLICE } from './pace';
import { importError, isBlankRow, MAX_SHEET_ROWS, notSpreadsheet, tooManyRows, type Table } from './table-shape';

const noRows = () => importError('validation', 400, 'empty', 'The file has no header row and no people under it');

/** Reads an uploaded CSV (any usual encoding and separator) or XLSX, refusing anything else. */
export async function readTable(bytes: Buffer, filename: string): Promise<Table> {
  const isZip = bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;
  let table: Table;
  if (isZip) table = await (await import('./read-xlsx')).readXlsx(bytes);
  else if (/\.(xlsx|xlsm|xls|ods|pdf|docx?|zip)$/i.test(filename)) throw notSpreadsheet();
  else table = await readCsv(decodeText(bytes));
  const rows = table.rows;
  while (rows.length > 0 && isBlankRow(rows.at(-1)!)) rows.pop();
  const people = rows.filter((r) => !isBlankRow(r)).length;
  if (table.headers.every((h) => h.trim() === '') || people === 0) throw noRows();
  if (people > IMPORT_MAX_ROWS || rows.length > MAX_SHEET_ROWS) throw tooManyRows();
  return { headers: table.headers, rows };
}

/** The people of a table: its rows that are not blank. */
export const peopleCount = (table: Table) => table.rows.filter((r) => !isBlankRow(r)).length;

/**
 * UTF-8 (with or without a byte-order mark), UTF-16 from Excel's "Unicode text", else Windows-1252
 * (Excel's "CSV" on Windows). Decoded by iconv-lite: Node's `windows-1252` decoder is Latin-1 and
 * turns 0x80–0x9F (’ – “ ” €) into control characters (decision 042).
 */
export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return iconv.decode(bytes.subarray(2), 'utf-16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return iconv.decode(bytes.subarray(2), 'utf-16be');
  // UTF-16 without a mark: every other byte of Latin text is zero.
  const head = bytes.subarray(0, 400);
  const oddZeros = head.filter((b, i) => i % 2 === 1 && b === 0).length;
  if (head.length > 8 && oddZeros > head.length / 4) return iconv.decode(bytes, 'utf-16le');
  if (head.includes(0)) throw notSpreadsheet();
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return iconv.decode(bytes, 'windows-1252');
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
 * Empty lines are kept as blank rows: the preview numbers rows as the spreadsheet does.
 */
async function readCsv(text: string): Promise<Table> {
  const pieces = Array.from({ length: Math.ceil(text.length / PIECE) }, (_, i) => text.slice(i * PIECE, (i + 1) * PIECE));
  const parser = parse({
    delimiter: sniffDelimiter(text),
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: 64 * 1024,
    to: MAX_SHEET_ROWS + 2,
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
  while (records.length > 0 && isBlankRow(records[0]!)) records.shift();
  const [headers = [], ...rows] = records;
  return { headers, rows };
}
