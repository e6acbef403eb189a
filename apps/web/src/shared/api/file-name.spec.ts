import { fileNameFromDisposition } from './file-name';

describe(fileNameFromDisposition.name, () => {
  it('returns the quoted file name of an attachment', () => {
    expect(fileNameFromDisposition('attachment; filename="abide-export-2025-01-01.json"', 'fallback.json')).toBe('abide-export-2025-01-01.json');
  });

  it('returns the RFC 5987 name when both are given', () => {
    expect(fileNameFromDisposition(`attachment; filename="x.json"; filename*=UTF-8''mes%20donn%C3%A9es.json`, 'fallback.json')).toBe('mes données.json');
  });

  it('returns the caller’s name when there is no header', () => {
    expect(fileNameFromDisposition(null, 'abide-data.json')).toBe('abide-data.json');
  });
});
