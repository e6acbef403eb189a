import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { errorCodes, type ScripturePassage, scripturePassageSchema } from '@abide/contracts';
import { ApiProblems, ApiQueryFrom, DomainError, createZodDto } from '@abide/platform';
import { z } from 'zod';
import { parseScripture, UNREADABLE_SCRIPTURE_MESSAGE } from '../content/scripture-reference';
import { BibleText, TRANSLATION } from './bible-text';

const MAX_REFERENCE_CHARS = 80;
/** How `ref` is documented: some words (not only spaces), at most 80 characters; passage() checks the same. */
const referenceQuerySchema = z.object({ ref: z.string().regex(/\S/).max(MAX_REFERENCE_CHARS) });

class ScripturePassageDto extends createZodDto(scripturePassageSchema) {}

const notInBible = (reference: string) =>
  new DomainError(errorCodes.notFound, 404, 'Not found', `${reference} is not in the Bible. Check the chapter and verse numbers.`);

/** The text of a scripture reference, for any signed-in member (the translation is public domain). */
@ApiTags('scripture')
@ApiBearerAuth()
@Controller('scripture')
export class ScriptureController {
  constructor(private readonly bible: BibleText) {}

  @Get()
  @ApiOperation({
    summary:
      'The verses of a scripture reference in the World English Bible (public domain), e.g. `ref=John 3:16-18`; a passage longer than 60 verses is cut short (`truncated`). 400 for text that is no reference, 404 for one that is not in the Bible.',
  })
  @ApiQueryFrom(referenceQuerySchema, { ref: "A reference as people type it, e.g. 'ps 23:1-3'; at most 80 characters." })
  @ApiResponse({ status: 200, type: ScripturePassageDto })
  @ApiProblems(400, 401, 404)
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
