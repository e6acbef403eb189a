import { multipartRequest } from '@abide/testing/src/multipart-request';
import type { IncomingMessage } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import { collectBytes, type MultipartFailure, readMultipart } from './multipart-reader';

class Refused extends Error {
  constructor(readonly failure: MultipartFailure) {
    super(failure);
  }
}

const refuse = (failure: MultipartFailure) => new Refused(failure);
const limits = { fields: 5, parts: 6, files: 1 as const, fileSize: 1024 };

const formWith = (parts: Array<[string, string | { name: string; data: string }]>) => {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.data]), value.name);
  }
  return multipartRequest(form);
};

describe(readMultipart.name, () => {
  it('returns the fields and what the receiver made of the file part', async () => {
    const request = await formWith([
      ['title', 'Walking in the Spirit'],
      ['file', { name: 'notes.txt', data: 'grace and peace' }],
      ['tags', 'prayer'],
      ['tags', 'study'],
    ]);

    const sut = await readMultipart(request, {
      fileField: 'file',
      limits,
      receiveFile: async (stream, fileName) => ({ fileName, text: (await collectBytes(stream)).toString('utf8') }),
      refuse,
    });

    expect(sut).toEqual({
      fields: { title: ['Walking in the Spirit'], tags: ['prayer', 'study'] },
      file: { fileName: 'notes.txt', text: 'grace and peace' },
      extraFiles: false,
    });
  });

  it('cuts the file part at the limit and reads the body to its end', async () => {
    const request = await formWith([
      ['file', { name: 'big.txt', data: 'a'.repeat(5000) }],
      ['after', 'still read'],
    ]);

    const sut = await readMultipart(request, { fileField: 'file', limits, receiveFile: collectBytes, refuse });

    expect({ bytes: sut.file?.length, fields: sut.fields }).toEqual({ bytes: 1024, fields: { after: ['still read'] } });
  });

  it('rejects with the receiver’s error once the body has ended when the receiver fails early', async () => {
    const request = await formWith([
      ['file', { name: 'notes.txt', data: 'a'.repeat(900) }],
      ['after', 'x'],
    ]);
    const ended = jest.fn();
    request.on('end', ended);

    const error = await readMultipart(request, {
      fileField: 'file',
      limits,
      receiveFile: () => Promise.reject(new Error('the store is away')),
      refuse,
    }).catch((e: unknown) => e);

    expect(error).toEqual(new Error('the store is away'));
    expect(ended).toHaveBeenCalled();
  });

  it('reports an extra file part, drained unread', async () => {
    const request = await formWith([
      ['file', { name: 'one.txt', data: 'one' }],
      ['file', { name: 'two.txt', data: 'two' }],
    ]);

    const sut = await readMultipart(request, { fileField: 'file', limits: { ...limits, files: undefined }, receiveFile: collectBytes, refuse });

    expect({ file: sut.file?.toString('utf8'), extraFiles: sut.extraFiles }).toEqual({ file: 'one', extraFiles: true });
  });

  it('refuses a body that is not multipart, or has no boundary', async () => {
    const json = Object.assign(new PassThrough(), { headers: { 'content-type': 'application/json' } }) as unknown as IncomingMessage;
    const noBoundary = Object.assign(new PassThrough(), { headers: { 'content-type': 'multipart/form-data' } }) as unknown as IncomingMessage;
    const options = { fileField: 'file', limits, receiveFile: collectBytes, refuse };

    await expect(readMultipart(json, options)).rejects.toEqual(new Refused('not-multipart'));
    await expect(readMultipart(noBoundary, options)).rejects.toEqual(new Refused('malformed'));
  });

  it('refuses as interrupted and discards what the receiver kept when the client goes away mid-file', async () => {
    const request = Object.assign(new PassThrough(), {
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    }) as unknown as IncomingMessage & PassThrough;
    const discarded = jest.fn(() => Promise.resolve());
    let receiverStream: Readable | undefined;

    const reading = readMultipart(request, {
      fileField: 'file',
      limits,
      receiveFile: (stream) => {
        receiverStream = stream;
        // A receiver that keeps what it got so far (as the object store keeps a part) and settles when the part stops.
        return new Promise<string>((resolve) => stream.on('error', () => resolve('kept')).resume());
      },
      discard: discarded,
      refuse,
    });
    request.write('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhalf a fi');
    await new Promise((resolve) => setTimeout(resolve, 20));
    request.destroy();

    await expect(reading).rejects.toEqual(new Refused('interrupted'));
    expect(receiverStream?.destroyed).toBe(true);
    expect(discarded).toHaveBeenCalledWith('kept');
  });
});
