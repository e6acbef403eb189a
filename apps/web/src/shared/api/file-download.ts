import type { FetchArgs, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

/** The file name of a `Content-Disposition: attachment` header (the RFC 5987 one first); `fallback` without one. */
export function fileNameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1]?.trim();
  return plain || fallback;
}

/** A file the page hands the browser to save: its text, named as the server named it. */
export interface DownloadedFile {
  fileName: string;
  content: string;
}

interface FileDefinition {
  query?: (arg: never) => unknown;
  transformResponse?: unknown;
  responseSchema?: unknown;
  keepUnusedDataFor?: number;
}

/**
 * Turns a generated query endpoint into a download (for `enhanceEndpoints`): the answer read as text, named by its
 * Content-Disposition (`fallbackName` without one), and not kept once handed over. The generated check of a JSON
 * answer (generated/endpoints) is dropped: the result is the file, not the document's shape.
 */
export const asFileDownload =
  (fallbackName: string) =>
  (definition: FileDefinition): void => {
    const request = definition.query!;
    definition.query = (arg: never) => ({ ...(request(arg) as FetchArgs), responseHandler: 'text' });
    definition.transformResponse = (content: string, meta: FetchBaseQueryMeta | undefined): DownloadedFile => ({
      content,
      fileName: fileNameFromDisposition(meta?.response?.headers.get('Content-Disposition'), fallbackName),
    });
    definition.keepUnusedDataFor = 0;
    definition.responseSchema = undefined;
  };
