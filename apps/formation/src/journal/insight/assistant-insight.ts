import { z } from 'zod';
import { normaliseScriptureReference } from '../../content/scripture-reference';
import { MAX_READ_CHARS, plainText, readEntry } from './entry-reading';
import { repeatedSentence } from './sentences';

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
  'Speak to what this entry actually says: name at least one of its people, subjects, feelings or scriptures (listed under "reading").',
  'Do not add events, people or feelings the entry does not mention, and never say the same sentence twice.',
  'Use a real Bible reference. Do not diagnose, do not give medical or legal advice.',
].join(' ');

/** What the assistant is sent: the entry's own text (bounded) and what the built-in reading found in it. */
export const assistantMessage = (entry: InsightRequest): string => {
  const reading = readEntry(entry.content);
  return JSON.stringify({
    entry: reading.text,
    mood: entry.mood,
    gratitude: entry.gratitude ? plainText(entry.gratitude).slice(0, MAX_READ_CHARS) : null,
    scriptureTheyChose: entry.scriptureReference,
    reading: {
      people: [...reading.biblicalPeople, ...reading.people],
      places: reading.places,
      subjects: reading.subjects.slice(0, 6),
      feelings: reading.feelings,
      scriptureInEntry: reading.scripture,
    },
  });
};

/**
 * Asks an OpenAI-compatible chat endpoint for an entry insight, grounded in the entry's text and what was read in it.
 * Throws on anything unexpected (network, status, timeout, non-JSON, wrong shape, unreadable scripture reference, a
 * sentence said twice) so the caller falls back to the built-in one.
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
          content: assistantMessage(entry),
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
  // An answer that says a sentence twice (within the insight, or the insight again as the reason) is not used.
  const repeated = repeatedSentence(parsed.insight, parsed.scripture.why);
  if (repeated) throw new Error(`assistant repeated a sentence: ${repeated.slice(0, 80)}`);
  return { insight: parsed.insight, scripture: { reference, why: parsed.scripture.why } };
};
