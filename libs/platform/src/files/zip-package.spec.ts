import { randomBytes } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';
import yauzl from 'yauzl';
import { bufferSource, inspectZipPackage, verifyZipPackage, ZipPackageError, type ZipPackageSpec } from './zip-package';
import { type PackedZipEntry, writePackedZip, writeZip } from './zip-writer';

const spec: ZipPackageSpec = {
  kind: 'test document',
  requiredParts: ['doc.xml'],
  maxEntries: 10,
  maxTotalUncompressed: 4 * 1024 * 1024,
  maxPartUncompressed: 2 * 1024 * 1024,
  maxRatio: 100,
  embeddingFolders: ['embeddings/'],
};

const deflated = (name: string, data: Buffer, declared = data.length): PackedZipEntry => ({
  name,
  method: 8,
  packed: deflateRawSync(data),
  crc: crc32(data),
  size: declared,
});
const doc = deflated('doc.xml', Buffer.from('<doc>Grace</doc>'));

const refusal = (file: Buffer) =>
  verifyZipPackage(bufferSource(file), spec).then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => {
      if (!(error instanceof ZipPackageError)) throw error;
      return { reason: error.reason, message: error.message };
    },
  );

/** The names and contents of a zip's entries, read with yauzl. */
const entriesOf = (file: Buffer): Promise<Record<string, string>> =>
  new Promise((resolve, reject) =>
    yauzl.fromBuffer(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out: Record<string, string> = {};
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream
            .on('data', (c: Buffer) => chunks.push(c))
            .on('end', () => {
              out[`${entry.fileName} (method ${entry.compressionMethod})`] = Buffer.concat(chunks).toString();
              zip.readEntry();
            });
        }),
      );
      zip.on('end', () => resolve(out));
      zip.readEntry();
    }),
  );

describe(verifyZipPackage.name, () => {
  it('returns a stored package of the markup parts as measured, media and embedded objects emptied', async () => {
    const file = writePackedZip([
      doc,
      deflated('_rels/.rels', Buffer.from('<Relationships/>')),
      deflated('media/photo.png', Buffer.alloc(5000, 7)),
      deflated('embeddings/chart.xlsx', writeZip([{ name: 'x.xml', data: Buffer.from('<x/>') }])),
    ]);

    const sut = await verifyZipPackage(bufferSource(file), spec);

    expect(await entriesOf(sut)).toEqual({
      'doc.xml (method 0)': '<doc>Grace</doc>',
      '_rels/.rels (method 0)': '<Relationships/>',
      'media/photo.png (method 0)': '',
      'embeddings/chart.xlsx (method 0)': '',
    });
  });

  it('refuses a part that inflates past its declared size, as soon as it does', async () => {
    const lying = deflated('media/photo.png', Buffer.alloc(1024 * 1024), 1000);

    expect(await refusal(writePackedZip([doc, lying]))).toEqual({
      reason: 'limit',
      message: 'media/photo.png inflates past its declared size',
    });
  });

  it('refuses parts over the part limit and packages over the total', async () => {
    const big = (name: string, mb: number) => deflated(name, randomBytes(mb * 1024 * 1024));

    expect(await refusal(writePackedZip([doc, big('media/a.bin', 2.5)]))).toEqual({
      reason: 'limit',
      message: 'media/a.bin over the limit',
    });
    expect(await refusal(writePackedZip([doc, big('a.bin', 1.5), big('b.bin', 1.5), big('c.bin', 1.5)]))).toEqual({
      reason: 'limit',
      message: 'uncompressed size over the limit',
    });
  });

  it('refuses a part compressed past the ratio limit, media or not', async () => {
    expect(await refusal(writePackedZip([doc, deflated('media/zeros.bin', Buffer.alloc(1.5 * 1024 * 1024))]))).toEqual({
      reason: 'limit',
      message: 'compression ratio over the limit',
    });
  });

  it('refuses more entries than the limit from the count in the end record', async () => {
    const many = Array.from({ length: 11 }, (_, i) => deflated(`p${i}.xml`, Buffer.from('<p/>')));

    expect(await refusal(writePackedZip([doc, ...many]))).toEqual({ reason: 'limit', message: 'too many entries' });
  });

  it('refuses a nested archive outside the embedding folders', async () => {
    const inner = writeZip([{ name: 'bomb.bin', data: Buffer.alloc(10) }]);

    expect(await refusal(writePackedZip([doc, deflated('media/archive.zip', inner)]))).toEqual({
      reason: 'limit',
      message: 'media/archive.zip is a nested archive',
    });
  });

  it('refuses a local header that disagrees with the directory', async () => {
    const file = writePackedZip([doc, deflated('other.xml', Buffer.from('<other/>'))]);
    // The local header of other.xml names another part than its directory entry does.
    const at = file.indexOf('other.xml');
    file.write('xther.xml', at, 'latin1');

    expect((await refusal(file)).message).toBe('other.xml: local header disagrees with the directory');
  });

  it('refuses a part whose bytes do not match its checksum', async () => {
    const damaged = { ...deflated('other.xml', Buffer.from('<other/>')), crc: 1234 };

    expect(await refusal(writePackedZip([doc, damaged]))).toEqual({ reason: 'malformed', message: 'other.xml: checksum mismatch' });
  });

  it('refuses encrypted entries and two entries whose names differ only in case', async () => {
    const encrypted = writePackedZip([doc, deflated('secret.xml', Buffer.from('<s/>'))]);
    // The encryption flag in the entry's local header and in its directory entry.
    encrypted.writeUInt16LE(0x0801, encrypted.indexOf('secret.xml') - 30 + 6);
    encrypted.writeUInt16LE(0x0801, encrypted.lastIndexOf('secret.xml') - 46 + 8);

    expect(await refusal(encrypted)).toEqual({ reason: 'malformed', message: 'encrypted entries' });
    expect(await refusal(writePackedZip([doc, deflated('DOC.xml', Buffer.from('<doc/>'))]))).toEqual({
      reason: 'malformed',
      message: 'duplicate entry names',
    });
  });
});

describe(inspectZipPackage.name, () => {
  it('refuses declared sizes over the limits without inflating anything', async () => {
    const declared = deflated('media/a.bin', Buffer.alloc(10), 3 * 1024 * 1024);

    await expect(inspectZipPackage(bufferSource(writePackedZip([doc, declared])), spec)).rejects.toThrow('media/a.bin over the limit');
  });
});
