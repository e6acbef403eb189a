import { Inject, Injectable, Logger } from '@nestjs/common';
import { FORMATION_CONFIG, type FormationConfig } from '../../config/env.schema';
import { addDays, weekdayNames } from '@abide/calendar';
import { generateWeeklyPlan, type PlanRequest } from '../domain/plan-generator';
import { generatedPlanSchema, MAX_GENERATED_PER_DAY, MIN_GENERATED_PER_DAY, type WeeklyPlan } from '../domain/plan.schema';

export interface GeneratedPlan {
  plan: WeeklyPlan;
  source: 'built-in' | 'assistant';
}

/** The prompt asks for exactly the shape `generatedPlanSchema` accepts, dates included. */
export const assistantMessages = (request: PlanRequest) => [
  {
    role: 'system',
    content:
      'You plan a week of Christian spiritual formation. Answer with one JSON object only, no prose. ' +
      'Shape: {"themeId": string, "theme": string, "description": string, "scriptures": string[], "weekStart": "YYYY-MM-DD", ' +
      '"dailyActivities": [{"day": weekday name, "dayIndex": 0-6, "date": "YYYY-MM-DD", "activities": [{"id": unique string, "name": string, "description": string, "duration": e.g. "15 min"}]}]}. ' +
      `Exactly 7 days, Sunday (dayIndex 0) to Saturday, each with ${MIN_GENERATED_PER_DAY} to ${MAX_GENERATED_PER_DAY} activities.`,
  },
  {
    role: 'user',
    content: JSON.stringify({
      spiritualGoals: request.goals,
      connectionPreferences: request.preferences,
      avoidThemes: request.history?.recentThemeIds ?? [],
      avoidActivities: request.history?.recentActivityIds ?? [],
      weekStart: request.weekStart,
      days: weekdayNames.map((day, dayIndex) => ({ day, dayIndex, date: addDays(request.weekStart, dayIndex) })),
    }),
  },
];

/**
 * Plans from an OpenAI-compatible chat endpoint when PLAN_ASSISTANT_URL is set; its JSON must pass
 * `generatedPlanSchema`. Any failure (network, timeout, status, bad JSON, wrong shape) falls back to the
 * built-in generator, so a member always gets a plan.
 */
@Injectable()
export class PlanAssistant {
  private readonly logger = new Logger(PlanAssistant.name);

  constructor(@Inject(FORMATION_CONFIG) private readonly config: Pick<FormationConfig, 'PLAN_ASSISTANT_URL' | 'PLAN_ASSISTANT_KEY' | 'PLAN_ASSISTANT_MODEL' | 'PLAN_ASSISTANT_TIMEOUT_MS'>) {}

  async generate(request: PlanRequest): Promise<GeneratedPlan> {
    if (this.config.PLAN_ASSISTANT_URL) {
      try {
        return { plan: await this.ask(this.config.PLAN_ASSISTANT_URL, request), source: 'assistant' };
      } catch (error) {
        this.logger.warn(`Plan assistant failed, using the built-in generator: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return { plan: generateWeeklyPlan(request), source: 'built-in' };
  }

  private async ask(baseUrl: string, request: PlanRequest): Promise<WeeklyPlan> {
    const response = await fetch(`${baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.config.PLAN_ASSISTANT_KEY ? { authorization: `Bearer ${this.config.PLAN_ASSISTANT_KEY}` } : {}),
      },
      body: JSON.stringify({
        model: this.config.PLAN_ASSISTANT_MODEL,
        messages: assistantMessages(request),
        response_format: { type: 'json_object' },
        temperature: 0.8,
      }),
      signal: AbortSignal.timeout(this.config.PLAN_ASSISTANT_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const body = (await response.json()) as { choices?: Array<{ message?: { content?: string } }> };
    const content = body.choices?.[0]?.message?.content;
    if (!content) throw new Error('no message content');
    const parsed = generatedPlanSchema.safeParse(JSON.parse(content));
    if (!parsed.success) throw new Error(`plan failed validation: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    if (parsed.data.weekStart !== request.weekStart) throw new Error(`plan is for ${parsed.data.weekStart}, not ${request.weekStart}`);
    return parsed.data;
  }
}
