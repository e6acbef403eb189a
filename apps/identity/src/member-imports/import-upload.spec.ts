import { IMPORT_MAX_BYTES, memberImportMessages } from '@abide/contracts';
import type { DomainError } from '@abide/platform';
import { multipartRequest, runInOwnProcess } from '@abide/testing/src/multipart-request';
import { join } from 'node:path';
import { readUploadedList } from './import-upload';

const listOf = (bytes: number) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(Buffer.alloc(bytes, 'a'))], { type: 'text/csv' }), 'members.csv');
  return multipartRequest(form);
};

describe('readUploadedList', () => {
  it('returns the file and its name when the list is within the limit', async () => {
    const sut = await readUploadedList(await listOf(IMPORT_MAX_BYTES));

    expect(sut.fileName).toBe('members.csv');
    expect(sut.bytes).toHaveLength(IMPORT_MAX_BYTES);
  });

  it('refuses with 413 when the list is over the limit', async () => {
    const error = (await readUploadedList(await listOf(IMPORT_MAX_BYTES + 1)).catch((e: unknown) => e)) as DomainError;

    expect(error.status).toBe(413);
    expect(error.message).toBe(memberImportMessages.fileTooLarge);
  });

  it('keeps the process running when the list is over the limit', async () => {
    // Node's own handling, as in identity: an unhandled rejection here stopped the service (issue #24).
    const { code, output } = await runInOwnProcess(
      `
      const { readUploadedList } = require('./import-upload.ts');
      const { multipartRequest } = require('@abide/testing/src/multipart-request');
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(${IMPORT_MAX_BYTES + 1})]), 'members.csv');
      multipartRequest(form)
        .then(readUploadedList)
        .catch((error) => new Promise((resolve) => setTimeout(() => resolve(error), 50)))
        .then((outcome) => console.log('answered', outcome.status));
      `,
      join(__dirname),
    );

    expect({ code, output: output.trim() }).toEqual({ code: 0, output: 'answered 413' });
  });

  it('refuses with 400 when the body has no file part', async () => {
    const form = new FormData();
    form.append('note', 'no file here');

    const error = (await readUploadedList(await multipartRequest(form)).catch((e: unknown) => e)) as DomainError;

    expect(error.status).toBe(400);
    expect(error.message).toBe(memberImportMessages.fileMissing);
  });
});
