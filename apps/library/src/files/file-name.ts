import type { ResourceFileType } from '@abide/contracts';

const MAX_NAME = 120;

/**
 * A file name safe to store and to put in a Content-Disposition header: the last path segment only (no `../`, no
 * drive or folder), no control or reserved characters, trimmed of dots and spaces, and ending with the extension
 * of the type the content really is (a TXT named `.pdf` is saved as `.txt`).
 */
export const sanitiseFileName = (raw: string, type: ResourceFileType): string => {
  const lastSegment = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = lastSegment
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f<>:"|?*;]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+|[.\s]+$/g, '');
  const base = cleaned.replace(/\.[^.]*$/, '').replace(/[.\s]+$/g, '').slice(0, MAX_NAME - type.length - 1) || 'resource';
  return `${base}.${type}`;
};

/** The MIME type a browser is told for each accepted type (with nosniff, it never guesses another). */
export const contentTypeOf = (type: ResourceFileType): string => {
  switch (type) {
    case 'pdf':
      return 'application/pdf';
    case 'docx':
      return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    case 'txt':
      return 'text/plain; charset=utf-8';
  }
};

/** `attachment; filename="…"; filename*=UTF-8''…` with an ASCII fallback (RFC 6266). */
export const contentDisposition = (kind: 'attachment' | 'inline', fileName: string): string => {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
};
