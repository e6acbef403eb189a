import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { errorCodes, type ScripturePassage } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import { parseScripture, UNREADABLE_SCRIPTURE_MESSAGE } from '../content/scripture-reference';
import { BibleText, TRANSLATION } from './bible-text';

const MAX_REFERENCE_CHARS = 80;

const notInBible = (reference: string) =>
  new DomainError(errorCodes.notFound, 404, 'Not found', `${reference} is not in the Bible. Check the chapter and verse numbers.`);

/** The text of a scripture reference, for any signed-in member (the translation is public domain). */
@ApiExcludeController()
@Controller('scripture')
export class ScriptureController {
  constructor(private readonly bible: BibleText) {}

  @Get()
  // The text of a passage never changes.
  @Header('cache-control', 'private, max-age=86400')
  async passage(@Query('ref') ref?: string): Promise<ScripturePassage> {
    const input = typeof ref === 'string' ? ref.trim() : '';
    if (!input) throw DomainError.validation([{ field: 'ref', message: "Give a scripture reference, e.g. 'John 3:16'." }]);
    if (input.length > MAX_REFERENCE_CHARS) {
      throw DomainError.validation([{ field: 'ref', message: `A scripture reference is at most ${MAX_REFERENCE_CHARS} characters.` }]);
    }
    const parsed = parseScripture(input);
    if (!parsed.ok) {
      if (parsed.reason === 'not-in-bible') throw notInBible(input);
      throw DomainError.validation([{ field: 'ref', message: UNREADABLE_SCRIPTURE_MESSAGE }], UNREADABLE_SCRIPTURE_MESSAGE);
    }
    const { verses, truncated } = await this.bible.passage(parsed.reference);
    if (verses.length === 0) throw notInBible(parsed.reference.text);
    return { reference: parsed.reference.text, translation: TRANSLATION, verses, truncated };
  }
}
