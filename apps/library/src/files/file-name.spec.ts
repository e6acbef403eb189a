import { contentDisposition, sanitiseFileName } from './file-name';

describe(sanitiseFileName.name, () => {
  it('returns the last path segment without control characters, with the extension of the real type', () => {
    expect(sanitiseFileName('../../etc/passwd\u0000.txt', 'txt')).toBe('passwd.txt');
    expect(sanitiseFileName('C:\\Users\\me\\Sermon notes.PDF', 'pdf')).toBe('Sermon notes.pdf');
    expect(sanitiseFileName('report.pdf', 'txt')).toBe('report.txt');
    expect(sanitiseFileName('...', 'docx')).toBe('resource.docx');
  });
});

describe(contentDisposition.name, () => {
  it('returns an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('attachment', 'Ésaïe "notes".txt')).toBe(`attachment; filename="_sa_e _notes_.txt"; filename*=UTF-8''%C3%89sa%C3%AFe%20%22notes%22.txt`);
  });
});
