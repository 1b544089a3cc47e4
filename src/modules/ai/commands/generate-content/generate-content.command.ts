import type { GeneratedContent } from '@modules/ai/domain/generated-content';
import type { GenerationBrief } from '@modules/ai/domain/prompts';

/** POST /ai/generate: one piece of copy, paid from the shop's credits, applied nowhere. */
export class GenerateContentCommand {
  constructor(
    readonly tenantId: string,
    readonly brief: GenerationBrief,
  ) {}
}

export interface GenerateContentResult {
  content: GeneratedContent;
  tokensUsed: number | null;
}
