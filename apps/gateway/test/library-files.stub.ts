import { writeZip } from '@abide/platform';

/** Files built in the test (no binary fixtures in the repository): a real PDF, DOCX and the hostile ones. */

/** A one-page PDF whose page content is `content` (its stream dictionary given `filter`), offsets computed. */
export const pdfWithContent = (content: Buffer, filter = ''): Buffer => {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    [Buffer.from(`<< /Length ${content.length}${filter ? ` /Filter ${filter}` : ''} >>\nstream\n`, 'latin1'), content, Buffer.from('\nendstream', 'latin1')],
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0].length;
  const offsets: number[] = [];
  const add = (part: Buffer) => {
    parts.push(part);
    length += part.length;
  };
  objects.forEach((object, i) => {
    offsets.push(length);
    add(Buffer.from(`${i + 1} 0 obj\n`, 'latin1'));
    for (const piece of [object].flat()) add(typeof piece === 'string' ? Buffer.from(piece, 'latin1') : piece);
    add(Buffer.from('\nendobj\n', 'latin1'));
  });
  const xref = length;
  add(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}` +
        `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
};

/** A one-page PDF whose text layer says `text`. */
export const pdfWith = (text: string): Buffer =>
  pdfWithContent(Buffer.from(`BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '\\$&')}) Tj ET`, 'latin1'));

/** Starts like a PDF, then nothing a reader can use. */
export const corruptPdf = (): Buffer => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('this is not a pdf body at all\n'.repeat(20))]);

/** A Windows executable's header with NUL bytes: no accepted type, whatever its name. */
export const windowsExecutable = (): Buffer => {
  const exe = Buffer.alloc(4096, 0);
  exe.write('MZ', 0, 'latin1');
  exe.write('This program cannot be run in DOS mode.', 78, 'latin1');
  exe.write('PE\0\0', 128, 'latin1');
  return exe;
};

/** A zip (deflated entries) built by hand: local headers, data, central directory. */
export const zip = (entries: Array<{ name: string; data: Buffer }>): Buffer => writeZip(entries, { deflate: true });

const contentTypes = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
);

/** The parts of a minimal Word document: one paragraph per line of `text`. */
export const docxParts = (text: string): Array<{ name: string; data: Buffer }> => {
  const paragraphs = text
    .split('\n')
    .map((line) => `<w:p><w:r><w:t xml:space="preserve">${line.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</w:t></w:r></w:p>`)
    .join('');
  const document = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs}</w:body></w:document>`;
  return [
    { name: '[Content_Types].xml', data: contentTypes },
    { name: 'word/document.xml', data: Buffer.from(document) },
  ];
};

/** A minimal Word document: one paragraph per line of `text`. */
export const docxWith = (text: string): Buffer => zip(docxParts(text));

/** Looks like a Word document, but one part inflates to 20 MB of zeros (ratio about 1000:1) (a zip bomb). */
export const zipBombDocx = (): Buffer =>
  zip([
    { name: '[Content_Types].xml', data: contentTypes },
    { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
    { name: 'word/media/filler.bin', data: Buffer.alloc(20 * 1024 * 1024, 0) },
  ]);
