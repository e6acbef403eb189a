import { type ImportColumn, importColumns, IMPORT_MAX_ROWS, memberImportMessages } from '@abide/contracts';
import { bufferSource, verifyZipPackage, ZipPackageError, type ZipPackageSpec } from '@abide/platform';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';

/** A member list as read from its file: each data row's cells by column, with its row number in the file. */
export interface ImportTable {
  rows: ImportCells[];
}

export interface ImportCells {
  /** As a spreadsheet numbers it: the header is row 1. */
  row: number;
  cells: Record<ImportColumn, string>;
}

/** The file as a whole cannot be used; `status` is the HTTP answer (400, or 415 for a format we do not read). */
export class ImportFileRefused extends Error {
  override readonly name = 'ImportFileRefused';

  constructor(
    readonly status: 400 | 415,
    message: string,
  ) {
    super(message);
  }
}

/**
 * An Excel workbook is a zip package; these limits are far above a 5,000-row list and far below a zip bomb. No
 * embedding folder: a member list has no business holding another archive.
 */
const workbookPackage: ZipPackageSpec = {
  kind: 'workbook',
  requiredParts: ['[Content_Types].xml', 'xl/workbook.xml'],
  maxEntries: 500,
  maxTotalUncompressed: 50 * 1024 * 1024,
  maxPartUncompressed: 25 * 1024 * 1024,
  maxRatio: 200,
};

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** The old binary formats (.xls, and Office files protected with a password) start with this. */
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/** A header cell as compared: spaces and case do not matter. */
const headerKey = (value: string): string => value.trim().toLowerCase().replace(/\s+/g, ' ');

/** Which column each header cell is (the first of each kind counts), or why the header will not do. */
const mapHeader = (header: readonly string[]): Map<ImportColumn, number> => {
  const columns = new Map<ImportColumn, number>();
  header.forEach((cell, index) => {
    const key = headerKey(cell);
    const column = importColumns.find((c) => (c.headers as readonly string[]).includes(key));
    if (column && !columns.has(column.key)) columns.set(column.key, index);
  });
  const missing = importColumns.filter((c) => c.required && !columns.has(c.key)).map((c) => c.key);
  if (missing.length) {
    const found = header.map((h) => h.trim()).filter(Boolean);
    throw new ImportFileRefused(400, memberImportMessages.missingColumns(missing, found));
  }
  return columns;
};

/** The table of a header row and data rows (numbered), empty rows left out; refused past IMPORT_MAX_ROWS. */
const tableOf = (records: Iterable<{ row: number; values: string[] }>): ImportTable => {
  let columns: Map<ImportColumn, number> | undefined;
  const rows: ImportCells[] = [];
  for (const { row, values } of records) {
    if (values.every((v) => v.trim() === '')) continue;
    if (!columns) {
      columns = mapHeader(values);
      continue;
    }
    if (rows.length === IMPORT_MAX_ROWS) throw new ImportFileRefused(400, memberImportMessages.tooManyRows);
    const cell = (key: ImportColumn) => {
      const index = columns!.get(key);
      return index === undefined ? '' : (values[index] ?? '').trim();
    };
    rows.push({ row, cells: { name: cell('name'), email: cell('email'), phone: cell('phone'), group: cell('group') } });
  }
  if (!columns) throw new ImportFileRefused(400, memberImportMessages.missingColumns(['name', 'email'], []));
  if (rows.length === 0) throw new ImportFileRefused(400, memberImportMessages.noRows);
  return { rows };
};

const DELIMITERS = [',', ';', '\t', '|'];

/**
 * The delimiter is the one the header uses most: the header names at least two columns, and its names are never
 * quoted in practice. (papaparse's own guess compares field counts across rows, which a short file with a trailing
 * empty line or a quoted line break throws off.)
 */
const delimiterOf = (text: string): string => {
  const header = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const count = (d: string) => header.split(d).length - 1;
  return DELIMITERS.reduce((best, d) => (count(d) > count(best) ? d : best), ',');
};

/** CSV in UTF-8 (a byte-order mark is fine), separated by commas, semicolons (Excel in many countries), tabs or bars. */
const readCsv = (bytes: Buffer): ImportTable => {
  // Text has no NUL bytes; a PDF, an image or a Numbers file does.
  if (bytes.includes(0)) throw new ImportFileRefused(415, memberImportMessages.fileType);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    // Text in another encoding (an older Excel's "CSV" in Windows-1252): saving it as CSV UTF-8 fixes it.
    throw new ImportFileRefused(400, memberImportMessages.unreadable);
  }
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false, delimiter: delimiterOf(text) });
  // Records, numbered as a spreadsheet would show them (a quoted line break stays inside its record).
  const records = parsed.data.map((values, index) => ({ row: index + 1, values: values.map(String) }));
  return tableOf(records);
};

/** The first worksheet of an .xlsx workbook, each cell as Excel shows it (a hyperlink's text, a formula's result). */
const readXlsx = async (bytes: Buffer): Promise<ImportTable> => {
  let verified: Buffer;
  try {
    // exceljs unzips every part whole (media too) and trusts the sizes: it reads only the rebuilt, measured markup.
    verified = await verifyZipPackage(bufferSource(bytes), workbookPackage);
  } catch (error) {
    if (!(error instanceof ZipPackageError)) throw error;
    throw error.reason === 'limit'
      ? new ImportFileRefused(400, memberImportMessages.unpacksTooLarge)
      : new ImportFileRefused(415, memberImportMessages.fileType);
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(verified as unknown as ArrayBuffer);
  } catch {
    throw new ImportFileRefused(400, memberImportMessages.unreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new ImportFileRefused(400, memberImportMessages.noRows);
  const records: Array<{ row: number; values: string[] }> = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      values[column - 1] = cell.text ?? '';
    });
    records.push({ row: row.number, values: Array.from(values, (v) => v ?? '') });
  });
  return tableOf(records);
};

/**
 * Reads a member list by its content, never its name: an Excel workbook (a zip package, checked against zip bombs
 * before anything inflates it) or CSV text in UTF-8. Refuses the whole file when it cannot be used.
 */
export const readImportFile = async (bytes: Buffer): Promise<ImportTable> => {
  if (bytes.length === 0) throw new ImportFileRefused(400, memberImportMessages.fileMissing);
  if (bytes.subarray(0, 4).equals(ZIP)) return readXlsx(bytes);
  if (bytes.subarray(0, 4).equals(OLE2)) throw new ImportFileRefused(415, memberImportMessages.fileType);
  return readCsv(bytes);
};
