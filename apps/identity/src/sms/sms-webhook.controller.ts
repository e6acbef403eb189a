import { Controller, Headers, HttpCode, Inject, Logger, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiHeader, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '@abide/auth';
import { E164_PATTERN, inboundSmsRequestSchema } from '@abide/contracts';
import { ApiProblems, createZodDto, DomainError } from '@abide/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Accounts, UserCommands } from '../accounts/accounts.port';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { smsKeywordOf } from './sms-keywords';
import { SmsStops } from './sms-stops';
import { isTwilioSignatureValid } from './twilio-signature';
import { VerifiedNumbers } from './verified-numbers';

class InboundSmsDto extends createZodDto(inboundSmsRequestSchema) {}

/** TwiML with nothing to send: the provider answers opt-out and help keywords itself. */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/** Every field as one string, as the provider signed them; anything else is not a provider's form. */
const formFields = (body: unknown): Record<string, string> | null => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const entries = Object.entries(body as Record<string, unknown>);
  return entries.every(([, v]) => typeof v === 'string') ? (Object.fromEntries(entries) as Record<string, string>) : null;
};

/**
 * Replies to our texts, posted by the SMS provider (docs/architecture.md, "Text messages"): STOP and its synonyms stop
 * the number (nothing is texted to it, whoever asks) and end every opt-in at it; START lifts the stop and opts in again
 * the members who had opted in there and proved the number. Public, but only a request signed with the account's auth
 * token is read.
 */
@ApiTags('sms')
@Controller('sms')
export class SmsWebhookController {
  private readonly logger = new Logger(SmsWebhookController.name);

  constructor(
    private readonly users: UserCommands,
    private readonly views: Accounts,
    private readonly stops: SmsStops,
    private readonly verified: VerifiedNumbers,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  @ApiOperation({
    summary:
      "The SMS provider's webhook for texts members send us (Twilio's form, signed with X-Twilio-Signature): STOP, " +
      'STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT, OPTOUT or REVOKE stops every text to that number, for every account, until ' +
      'it sends START, UNSTOP or YES, which turns reminder texts back on for the accounts that proved the number. Answers TwiML with nothing to send.',
  })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({ type: InboundSmsDto })
  @ApiHeader({ name: 'X-Twilio-Signature', required: true, description: "HMAC-SHA1 of the URL and fields with the account's auth token" })
  @ApiProduces('text/xml')
  @ApiResponse({
    status: 200,
    description: 'Read (and acted on, for a keyword from a known number)',
    content: { 'text/xml': { schema: { type: 'string' } } },
  })
  @ApiProblems(400, 403)
  @Public()
  @Post('inbound')
  @HttpCode(200)
  async inbound(
    @Req() req: FastifyRequest,
    @Headers('x-twilio-signature') signature: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const fields = formFields(req.body);
    if (!fields) throw DomainError.validation([{ field: 'body', message: "Send the provider's form fields, each one value." }]);
    if (!isTwilioSignatureValid(this.config.SMS_AUTH_TOKEN, this.config.SMS_WEBHOOK_URL, fields, signature)) {
      throw DomainError.forbidden('The request is not signed by our SMS provider.');
    }
    const parsed = inboundSmsRequestSchema.safeParse(fields);
    if (!parsed.success || !E164_PATTERN.test(parsed.data.From)) {
      throw DomainError.validation([{ field: 'From', message: 'From must be the sender’s number in E.164.' }]);
    }
    const { From: from, Body: text } = parsed.data;
    const keyword = smsKeywordOf(text);
    let changed = 0;
    if (keyword === 'stop' || keyword === 'start') {
      const now = new Date();
      // The number itself, member or not: a church invitation never texts a number that said STOP.
      await (keyword === 'stop' ? this.stops.stop(from, now) : this.stops.start(from));
      for (const userId of await this.views.membersTextingFrom(from)) {
        // START opts in again only an account that proved the number: the reply is from the number, not the member.
        if (keyword === 'start' && !(await this.verified.isVerifiedBy(userId, from))) continue;
        const events = await this.users.handle({ type: 'AnswerSmsReply', userId, from, keyword, now }, {
          correlationId: String(req.id),
        });
        changed += events.length;
      }
    }
    // The number is personal: the log says what happened, not to whom.
    this.logger.log({ keyword, changed, messageSid: parsed.data.MessageSid }, 'text received');
    void reply.status(200).header('content-type', 'text/xml; charset=utf-8').send(EMPTY_TWIML);
  }
}
