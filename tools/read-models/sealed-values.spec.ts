import { randomBytes } from 'node:crypto';
import { newKeyId, sealWith } from '../../libs/platform/src/private-text/sealed-text-cipher';
import { plaintextOf } from './sealed-values';

describe('sealed text opened for comparison', () => {
  it('gives the words sealed for any record and field, under the member key', () => {
    const key = randomBytes(32);
    const words = JSON.stringify({ entries: [{ id: 'e1', title: 'Psalm 23 — the Lord is my shepherd' }] });
    const once = sealWith(key, newKeyId(), words, 'journal-list:m1:entries');
    const twice = sealWith(key, newKeyId(), words, 'journal-list:m1:entries');
    expect(once).not.toBe(twice);
    expect(plaintextOf(key, once)).toBe(words);
    expect(plaintextOf(key, twice)).toBe(words);
    expect(plaintextOf(randomBytes(32), once)).not.toBe(words);
  });
});
