import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiQuery, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '@abide/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Inject } from '@nestjs/common';
import { type ReminderSchedule, reminderScheduleSchema } from '@abide/contracts';
import { ApiProblems, createZodDto } from '@abide/platform';
import { verifyUnsubscribeToken } from './delivery/unsubscribe-token';
import { DAILY_REMINDER_TIME, WEEKLY_REMINDER } from './domain/due-nudges';
import { MemberChanges } from '../members/members.port';
import { NUDGE_SETTINGS, type NudgeSettings } from './nudge.service';

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head>` +
  `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1f2933">` +
  `<h1 style="font-size:1.4rem">${title}</h1><p>${text}</p></body></html>`;

class ReminderScheduleDto extends createZodDto(reminderScheduleSchema) {}

/**
 * When reminders go out (what the SMS opt-in's words promise), and the unsubscribe link of reminder e-mails: public
 * (the signed token is the proof), turns e-mail reminders off.
 */
@ApiTags('notifications')
@Controller('nudges')
export class NudgesController {
  constructor(
    private readonly members: MemberChanges,
    @Inject(NUDGE_SETTINGS) private readonly settings: NudgeSettings,
  ) {}

  @ApiOperation({ summary: 'When reminders go out: the daily and weekly times, quiet hours and the daily cap (all channels).' })
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: ReminderScheduleDto })
  @ApiProblems(401)
  @Get('schedule')
  schedule(): ReminderSchedule {
    return {
      dailyReminderTime: DAILY_REMINDER_TIME,
      weeklyReminder: { weekday: WEEKLY_REMINDER.weekday, time: WEEKLY_REMINDER.time },
      quietHours: this.settings.quietHours,
      dailyCap: this.settings.dailyCap,
    };
  }

  @ApiOperation({ summary: 'Turns e-mail reminders off for the member named by the signed token; answers a small HTML page.' })
  @ApiQuery({ name: 'token', required: true, type: String })
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, description: 'E-mail reminders are off', content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiResponse({
    status: 400,
    description: 'The token is missing, altered or unknown',
    content: { 'text/html': { schema: { type: 'string' } } },
  })
  @Public()
  @Get('unsubscribe')
  async unsubscribe(@Query('token') token: string | undefined, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const userId = token ? verifyUnsubscribeToken(token, this.settings.unsubscribeSecret) : null;
    const done = userId ? await this.members.unsubscribeEmail(userId, new Date(), { correlationId: String(req.id) }) : false;
    void reply
      .status(done ? 200 : 400)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        done
          ? page(
              'E-mail reminders are off',
              'You will no longer receive reminder e-mails from Abide. You can turn them on again in Settings.',
            )
          : page(
              'This link is not valid',
              'The unsubscribe link is incomplete or was altered. Open Settings in Abide to change your reminders.',
            ),
      );
  }
}
