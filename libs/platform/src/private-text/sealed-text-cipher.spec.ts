import { clearText, sealedTextSchema } from '@abide/contracts';
import { randomBytes } from 'node:crypto';
import { isSealedText, newDataKey, newKeyId, openWith, parseSealedText, SealedTextError, sealWith } from './sealed-text-cipher';

const key = newDataKey();
const keyId = newKeyId();

/** The sealed text with one of its parts changed by `change` (a byte of it flipped, say). */
const alter = (sealed: string, part: 1 | 2 | 3, change: (bytes: Buffer) => void): string => {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[part], 'base64url');
  change(bytes);
  parts[part] = bytes.toString('base64url');
  return parts.join('.');
};

describe('sealed text (AES-256-GCM)', () => {
  it.each([
    ['plain words', 'A quiet sorrow I tell no one.'],
    ['accents, emoji and other scripts', 'Grâce — 恩典 🙏 שלום'],
    ['nothing', ''],
    ['a long entry', 'word '.repeat(4000)],
  ])('opens what it sealed: %s', (_label, text) => {
    const sealed = sealWith(key, keyId, text);

    expect(openWith(key, sealed).toString('utf8')).toBe(text);
    expect(sealedTextSchema.safeParse(sealed).success).toBe(true);
    expect(sealed).not.toContain(text || '\u0000');
  });

  it('names its format and key, and seals the same words differently each time (a fresh IV)', () => {
    const [a, b] = [sealWith(key, keyId, 'same words'), sealWith(key, keyId, 'same words')];

    expect(a.startsWith(`pt1.${keyId}.`)).toBe(true);
    expect(parseSealedText(a)).toMatchObject({ keyId });
    expect(parseSealedText(a).iv).toHaveLength(12);
    expect(a).not.toBe(b);
  });

  it.each([
    ['a ciphertext byte', 3 as const, (b: Buffer) => (b[0] ^= 1)],
    ['a tag byte', 3 as const, (b: Buffer) => (b[b.length - 1] ^= 1)],
    ['the IV', 2 as const, (b: Buffer) => (b[5] ^= 1)],
    ['the key id in the header', 1 as const, (b: Buffer) => (b[0] ^= 1)],
  ])('refuses text whose %s was altered', (_label, part, change) => {
    const sealed = alter(sealWith(key, keyId, 'Pray for my father.'), part, change);

    expect(() => openWith(key, sealed)).toThrow(SealedTextError);
  });

  it('refuses a cut-off text', () => {
    const sealed = sealWith(key, keyId, 'Pray for my father, and for his doctors.');

    expect(() => openWith(key, sealed.slice(0, -4))).toThrow(SealedTextError);
  });

  it('does not open under another key, nor under another context than the one it was sealed with', () => {
    const sealed = sealWith(key, keyId, 'mine', 'member-1');

    expect(() => openWith(newDataKey(), sealed, 'member-1')).toThrow(SealedTextError);
    expect(() => openWith(key, sealed, 'member-2')).toThrow(SealedTextError);
    expect(openWith(key, sealed, 'member-1').toString()).toBe('mine');
  });

  it.each([
    ['clear text an upcaster carries', clearText('words')],
    ['an erased field', '[erased]'],
    ['another format', `pt2.${keyId}.${randomBytes(12).toString('base64url')}.${randomBytes(20).toString('base64url')}`],
    ['base64 with padding', `pt1.${keyId}.${randomBytes(12).toString('base64')}.${randomBytes(20).toString('base64')}=`],
    ['no tag', `pt1.${keyId}.${randomBytes(12).toString('base64url')}.${randomBytes(8).toString('base64url')}`],
  ])('is not sealed text: %s', (_label, value) => {
    expect(isSealedText(value)).toBe(false);
    expect(() => openWith(key, value)).toThrow(SealedTextError);
  });

  it('does not open text sealed for one record or field in another', () => {
    const sealed = sealWith(key, keyId, 'Pray for my father.', 'prayer-request:p1:text');

    expect(openWith(key, sealed, 'prayer-request:p1:text').toString()).toBe('Pray for my father.');
    for (const elsewhere of ['prayer-request:p2:text', 'prayer-request:p1:testimony', 'journal-entry:p1:words', '']) {
      expect(() => openWith(key, sealed, elsewhere)).toThrow(SealedTextError);
    }
  });

  it('takes only 256-bit keys and well-formed key ids', () => {
    expect(() => sealWith(randomBytes(16), keyId, 'x')).toThrow(/32 bytes/);
    expect(() => sealWith(key, 'short', 'x')).toThrow(/key id/);
  });
});
