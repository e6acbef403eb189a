import { IMPORT_MAX_ROWS, memberImportMessages } from '@abide/contracts';
import ExcelJS from 'exceljs';
import { MiB, peakMemoryDuring, xlsxBombs } from '@abide/testing/fixtures/bomb-files';
import { zip, zipBombDocx } from '@abide/testing/fixtures/library-files';
import { ImportFileRefused, readImportFile } from './import-file';

/** An .xlsx workbook whose first sheet holds these rows (strings, numbers, hyperlinks as Excel stores them). */
const xlsx = async (rows: ExcelJS.CellValue[][], extraSheet = false): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('People');
  for (const row of rows) sheet.addRow(row);
  if (extraSheet) workbook.addWorksheet('Notes').addRow(['name', 'email']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

const refusal = async (bytes: Buffer) => {
  const error = await readImportFile(bytes).catch((e: unknown) => e);
  if (!(error instanceof ImportFileRefused)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { status: error.status, message: error.message };
};

describe('reading a CSV member list', () => {
  it('maps the columns by header, in any order and case, and numbers rows as a spreadsheet does', async () => {
    const csv = '\uFEFFE-Mail , Name,GROUP,Phone,Notes\nruth@example.org,Ruth Moab,Youth,+44 20 7946 0958,x\n\nboaz@example.org,"Boaz, of Bethlehem",,,\n';

    const sut = await readImportFile(Buffer.from(csv));

    expect(sut.rows).toEqual([
      { row: 2, cells: { name: 'Ruth Moab', email: 'ruth@example.org', phone: '+44 20 7946 0958', group: 'Youth' } },
      { row: 4, cells: { name: 'Boaz, of Bethlehem', email: 'boaz@example.org', phone: '', group: '' } },
    ]);
  });

  it('reads semicolon-separated files (Excel in many countries) and quoted line breaks', async () => {
    const sut = await readImportFile(Buffer.from('name;email\n"Naomi\nof Moab";naomi@example.org\n'));

    expect(sut.rows).toEqual([{ row: 2, cells: { name: 'Naomi\nof Moab', email: 'naomi@example.org', phone: '', group: '' } }]);
  });

  it('refuses a file without a name or e-mail column, naming what its first row has', async () => {
    expect(await refusal(Buffer.from('full name,mail\nRuth,ruth@example.org\n'))).toEqual({
      status: 400,
      message: memberImportMessages.missingColumns(['name', 'email'], ['full name', 'mail']),
    });
    expect((await refusal(Buffer.from('name\nRuth\n'))).message).toMatch(/^The file needs a column named email/);
  });

  it('refuses a header without rows, an empty file and more rows than the limit', async () => {
    expect(await refusal(Buffer.from('name,email\n,\n'))).toEqual({ status: 400, message: memberImportMessages.noRows });
    expect(await refusal(Buffer.alloc(0))).toEqual({ status: 400, message: memberImportMessages.fileMissing });
    const many = ['name,email', ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `P${i},p${i}@example.org`)].join('\n');
    expect(await refusal(Buffer.from(many))).toEqual({ status: 400, message: memberImportMessages.tooManyRows });
  });

  it('takes exactly the limit', async () => {
    const full = ['name,email', ...Array.from({ length: IMPORT_MAX_ROWS }, (_, i) => `P${i},p${i}@example.org`)].join('\n');
    expect((await readImportFile(Buffer.from(full))).rows).toHaveLength(IMPORT_MAX_ROWS);
  });

  it('refuses text that is not UTF-8 with the way to fix it, and binary files as another format', async () => {
    expect(await refusal(Buffer.from('name,email\nZo\xeb,zoe@example.org\n', 'latin1'))).toEqual({
      status: 400,
      message: memberImportMessages.unreadable,
    });
    expect(await refusal(Buffer.from('%PDF-1.7\n\u0000\u0001binary'))).toEqual({ status: 415, message: memberImportMessages.fileType });
    expect(await refusal(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toEqual({
      status: 415,
      message: memberImportMessages.fileType,
    });
  });
});

describe('reading an Excel member list', () => {
  it('reads the first sheet as Excel shows it: hyperlinked addresses by their text, numbers as digits', async () => {
    const book = await xlsx(
      [
        ['Name', 'E-mail', 'Phone', 'Group'],
        ['Ruth Moab', { text: 'ruth@example.org', hyperlink: 'mailto:ruth@example.org' }, 447911123456, 'Youth'],
        [],
        ['Boaz', 'boaz@example.org', null, null],
      ],
      true,
    );

    const sut = await readImportFile(book);

    expect(sut.rows).toEqual([
      { row: 2, cells: { name: 'Ruth Moab', email: 'ruth@example.org', phone: '447911123456', group: 'Youth' } },
      { row: 4, cells: { name: 'Boaz', email: 'boaz@example.org', phone: '', group: '' } },
    ]);
  });

  it('refuses a workbook without the columns, and a zip that is not a workbook or is a zip bomb, before reading it', async () => {
    expect((await refusal(await xlsx([['who', 'where'], ['Ruth', 'Moab']]))).message).toMatch(/needs a column named name and email/);
    expect(await refusal(zip([{ name: 'notes.txt', data: Buffer.from('hello') }]))).toEqual({ status: 415, message: memberImportMessages.fileType });
    expect(await refusal(zipBombDocx())).toEqual({ status: 415, message: memberImportMessages.fileType });
  });
});

describe('reading an Excel member list that is a zip bomb', () => {
  const rows = [
    ['name', 'email'],
    ['Ruth', 'ruth@example.org'],
  ];

  it.each(Object.entries(xlsxBombs()))('refuses %s with a reason, without inflating it', async (_, bomb) => {
    const { peak, result } = await peakMemoryDuring(() => readImportFile(bomb));

    expect(bomb.length).toBeLessThan(2 * MiB);
    expect(result).toEqual(new ImportFileRefused(400, memberImportMessages.unpacksTooLarge));
    // Each bomb inflates to 300 MiB; what is read in memory stays a small fraction of it.
    expect(peak).toBeLessThan(40 * MiB);
  });

  it('reads a workbook with a picture and a note, whose bytes exceljs is never handed', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('People');
    rows.forEach((row) => sheet.addRow(row));
    sheet.getCell('A1').note = 'Who to invite';
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    sheet.addImage(workbook.addImage({ buffer: png as unknown as ExcelJS.Buffer, extension: 'png' }), 'C1:D3');

    const sut = await readImportFile(Buffer.from(await workbook.xlsx.writeBuffer()));

    expect(sut.rows).toEqual([{ row: 2, cells: { name: 'Ruth', email: 'ruth@example.org', phone: '', group: '' } }]);
  });
});
