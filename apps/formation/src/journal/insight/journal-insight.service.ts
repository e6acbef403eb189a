import { Logger } from '@nestjs/common';
import { entryInsight } from './entry-insight';
import { type AssistantConfig, askAssistant, type Insight, type InsightRequest } from './assistant-insight';

export type SourcedInsight = Insight & { source: 'built-in' | 'assistant' };

/** The built-in reflection, as the API shapes it. */
export const builtInInsight = (entry: InsightRequest): SourcedInsight => {
  const built = entryInsight(entry);
  return { insight: built.text, scripture: { reference: built.reference, why: built.why }, source: 'built-in' };
};

/** 'Get AI insight': the optional assistant when configured, the built-in reflection otherwise or on any failure. */
export class JournalInsightService {
  private readonly logger = new Logger(JournalInsightService.name);

  constructor(private readonly assistant: AssistantConfig | null) {}

  async insightFor(entry: InsightRequest): Promise<SourcedInsight> {
    if (this.assistant) {
      try {
        return { ...(await askAssistant(this.assistant, entry)), source: 'assistant' };
      } catch (error) {
        this.logger.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'assistant insight failed; using the built-in one',
        );
      }
    }
    return builtInInsight(entry);
  }
}
