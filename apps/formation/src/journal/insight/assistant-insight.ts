import { z } from 'zod';
import { normaliseScriptureReference } from '../../content/scripture-reference';

/** What the optional assistant must answer (as JSON in the message content); anything else is a failure. */
export const assistantInsightSchema = z.object({
  insight: z.string().trim().min(20).max(1_200),
  scripture: z.object({ reference: z.string().trim().min(3).max(80), why: z.string().trim().min(5).max(400) }),
});

export interface AssistantConfig {
  url: string;
  key?: string;
  model: string;
  timeoutMs: number;
}

export interface InsightRequest {
  content: string;
  mood: string | null;
  gratitude: string | null;
  scriptureReference: string | null;
}

export interface Insight {
  insight: string;
  scripture: { reference: string; why: string } | null;
}

const SYSTEM_PROMPT = [
  'You are a gentle Christian spiritual companion. Read the journal entry and answer ONLY with a JSON object:',
  '{"insight": "two or three warm sentences reflecting on the entry, ending with one question", "scripture": {"reference": "Book chapter:verse", "why": "one sentence on why this passage fits"}}.',
  'Use a real Bible reference. Do not diagnose, do not give medical or legal advice.',
].join(' ');

/**
 * Asks an OpenAI-compatible chat endpoint for an entry insight. Throws on anything unexpected (network, status,
 * timeout, non-JSON, wrong shape, unreadable scripture reference) so the caller falls back to the built-in one.
 */
export const askAssistant = async (config: AssistantConfig, entry: InsightRequest, fetchImpl: typeof fetch = fetch): Promise<Insight> => {
  const response = await fetchImpl(`${config.url.replace(/\/$/, '')}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(config.key ? { authorization: `Bearer ${config.key}` } : {}) },
    body: JSON.stringify({
      model: config.model,
      temperature: 0.7,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        {
          role: 'user',
          content: JSON.stringify({
            entry: entry.content,
            mood: entry.mood,
            gratitude: entry.gratitude,
            scriptureTheyChose: entry.scriptureReference,
          }),
        },
      ],
    }),
    signal: AbortSignal.timeout(config.timeoutMs),
  });
  if (!response.ok) throw new Error(`assistant answered ${response.status}`);
  const body = (await response.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new Error('assistant answer has no message content');
  const parsed = assistantInsightSchema.parse(JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, '')));
  const reference = normaliseScriptureReference(parsed.scripture.reference);
  if (!reference) throw new Error(`assistant gave an unreadable reference: ${parsed.scripture.reference}`);
  return { insight: parsed.insight, scripture: { reference, why: parsed.scripture.why } };
};
