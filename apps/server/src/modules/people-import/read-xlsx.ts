import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { IMPORT_MAX_ROWS } from '@app/shared';
import { AppError } from '../../lib/errors';
import { breathe, SLICE } from './pace';
import { importError, MAX_SHEET_ROWS, notSpreadsheet, tooManyRows, type Table } from './table-shape';

/**
 * Limits of a workbook, checked before ExcelJS reads it (decision 042, "No file can hurt the
 * server"). A real workbook of 20,000 people and 60 columns (a Planning Center export) unpacks to
 * about 50 MB; a zip bomb is refused on its declared sizes, and yauzl stops an entry that inflates
 * past its declared size.
 */
const MAX_UNZIPPED_BYTES = 100 * 1024 * 1024;
const MAX_ZIP_ENTRIES = 2000;
/** Cells in all, and in one row: a row of a million cells would be built whole by any reader. */
export const MAX_CELLS = 1_500_000;
export const MAX_COLUMNS = 300;

const zipBomb = () => importError('payload_too_large', 413, 'zipBomb', 'This workbook unpacks to far more than a spreadsheet of people can hold');
const tooManyCells = () => importError('payload_too_large', 413, 'tooManyCells', `A sheet can hold at most ${MAX_CELLS} cells and ${MAX_COLUMNS} columns`);

const SHEET = /^xl\/worksheets\/sheet\d+\.xml$/;
const SHARED_STRINGS = 'xl/sharedStrings.xml';

/**
 * Counts a sheet's `<row` and `<c` tags (and the shared strings' `<si`) as its bytes inflate, a
 * chunk at a time and carrying a chunk's last bytes into the next: rows, cells and the widest row
 * are known before any XML is parsed, in constant memory.
 */
class TagCounter {
  rows = 0;
  cells = 0;
  rowCells = 0;
  widest = 0;
  strings = 0;
  private tail = '';

  feed(chunk: Buffer): void {
    const text = this.tail + chunk.toString('latin1');
    for (let i = text.indexOf('<'); i !== -1 && i < text.length - 4; i = text.indexOf('<', i + 1)) {
      const a = text[i + 1];
      const b = text[i + 2];
      const c = text[i + 3];
      const d = text[i + 4];
      if (a === 'c' && (b === ' ' || b === '>' || b === '/')) { this.cells += 1; this.rowCells += 1; this.widest = Math.max(this.widest, this.rowCells); }
      else if (a === 'r' && b === 'o' && c === 'w' && (d === ' ' || d === '>')) { this.rows += 1; this.rowCells = 0; }
      else if (a === 's' && b === 'i' && (c === ' ' || c === '>')) this.strings += 1;
    }
    this.tail = text.slice(-4);
  }

  over(): boolean {
    return this.rows > MAX_SHEET_ROWS + 1 || this.cells > MAX_CELLS || this.widest > MAX_COLUMNS || this.strings > MAX_CELLS;
  }
}

/**
 * Inflates every entry of the zip once: more than MAX_ZIP_ENTRIES or MAX_UNZIPPED_BYTES declared
 * is refused before anything inflates; the sheets and shared strings are counted as they inflate
 * (TagCounter) and the walk stops at the first limit passed.
 */
function checkZip(bytes: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(notSpreadsheet());
      let total = 0;
      let entries = 0;
      const fail = (error: Error) => { zip.close(); reject(error); };
      zip.on('error', () => reject(notSpreadsheet()));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        entries += 1;
        total += entry.uncompressedSize;
        if (entries > MAX_ZIP_ENTRIES || total > MAX_UNZIPPED_BYTES) return fail(zipBomb());
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        const counter = SHEET.test(entry.fileName) || entry.fileName === SHARED_STRINGS ? new TagCounter() : null;
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return fail(notSpreadsheet());
          stream.on('data', (chunk: Buffer) => {
            counter?.feed(chunk);
            if (counter?.over()) { stream.destroy(); fail(counter.rows > MAX_SHEET_ROWS + 1 ? tooManyRows() : tooManyCells()); }
          });
          stream.on('error', () => fail(zipBomb()));
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
    return '';
  }
  return String(value);
}

/** Bytes handed to the unzipper at a time: each is inflated and parsed, then the event loop turns. */
const PIECE = 65_536;

/**
 * The first sheet, read by ExcelJS's streaming reader row by row once checkZip has bounded it:
 * only the table's text is kept, never the workbook's object model (which took 10 bytes of memory
 * for each byte of XML). A row sits at its sheet row number, blank rows between being empty.
 */
export async function readXlsx(bytes: Buffer): Promise<Table> {
  await checkZip(bytes);
  // Loaded on the first spreadsheet, not with every server start: it is a large library.
  const { default: Excel } = await import('exceljs');
  const pieces = Array.from({ length: Math.ceil(bytes.length / PIECE) }, (_, i) => bytes.subarray(i * PIECE, (i + 1) * PIECE));
  const input = Readable.from(pieces);
  const reader = new Excel.stream.xlsx.WorkbookReader(input, { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' });
  const all: string[][] = [];
  let first = 0;
  let last = 0;
  let people = 0;
  try {
    for await (const sheet of reader) {
      let seen = 0;
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        if (++seen % SLICE === 0) await breathe();
        const values = row.values as ExcelJS.CellValue[];
        const cells = Array.from({ length: Math.max(values.length - 1, 0) }, (_, c) => cellText(values[c + 1]));
        // A row without its number (`r`, optional in the format) follows the one before.
        last = Number.isFinite(row.number) && row.number > last ? row.number : last + 1;
        if (cells.every((c) => c.trim() === '')) continue;
        if (first === 0) first = last;
        const at = last - first;
        if (at > MAX_SHEET_ROWS || ++people > IMPORT_MAX_ROWS + 1) throw tooManyRows();
        while (all.length < at) all.push([]);
        all[at] = cells;
      }
      break;
    }
  } catch (err) {
    input.destroy();
    if (err instanceof AppError) throw err;
    throw notSpreadsheet();
  }
  input.destroy();
  const [headers = [], ...rows] = all;
  const width = rows.reduce((w, r) => Math.max(w, r.length), headers.length);
  return { headers: pad(headers, width), rows: rows.map((r) => (r.length === 0 ? r : pad(r, width))) };
}

const pad = (cells: string[], width: number) => (cells.length >= width ? cells : [...cells, ...Array<string>(width - cells.length).fill('')]);
