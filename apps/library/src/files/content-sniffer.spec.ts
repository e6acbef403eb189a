import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ContentSniffer } from './content-sniffer';

const sniff = async (chunks: Buffer[], max = 100) => {
  const sut = new ContentSniffer(max);
  await pipeline(Readable.from(chunks), sut, async function* (source) {
    for await (const _ of source) yield* [];
  });
  return sut;
};

describe(ContentSniffer.name, () => {
  it('returns pdf, zip or txt from the content whatever the name', async () => {
    expect((await sniff([Buffer.from('%PDF-1.7 ...')])).kind).toBe('pdf');
    expect((await sniff([Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2])])).kind).toBe('zip');
    expect((await sniff([Buffer.from('Grace and peace ✝')])).kind).toBe('txt');
  });

  it('returns unknown for bytes that are not UTF-8 or hold NULs, even split across chunks', async () => {
    expect((await sniff([Buffer.from('MZ\u0000\u0000')])).kind).toBe('unknown');
    expect((await sniff([Buffer.from([0xc3]), Buffer.from([0x28])])).kind).toBe('unknown');
    expect((await sniff([Buffer.from([0xe2, 0x9c]), Buffer.from([0x9d])])).kind).toBe('txt');
  });

  it('marks a file past the limit too large and passes nothing more on', async () => {
    const sut = await sniff([Buffer.alloc(60, 97), Buffer.alloc(41, 97)]);
    expect([sut.tooLarge, sut.bytes]).toEqual([true, 101]);
  });
});
