import type { GenerationType } from './prompts';

/** `content` of POST /ai/generate: text, a list of tags, or an SEO pair, by type. */
export type GeneratedContent = string | string[] | { title: string; description: string };

/**
 * The answer's `content` in the shape its type promises, or null when the provider did not give
 * one (wrong type, empty): such an answer is refused rather than passed on half-formed.
 */
export function generatedContent(type: GenerationType, answer: Record<string, unknown>): GeneratedContent | null {
  const content = answer.content;
  if (type === 'tags') {
    if (!Array.isArray(content)) return null;
    const tags = content
      .filter((tag): tag is string => typeof tag === 'string')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== '');
    return tags.length > 0 ? tags : null;
  }
  if (type === 'seo') {
    if (typeof content !== 'object' || content === null || Array.isArray(content)) return null;
    const { title, description } = content as Record<string, unknown>;
    if (typeof title !== 'string' || typeof description !== 'string' || !title.trim() || !description.trim()) return null;
    return { title: title.trim(), description: description.trim() };
  }
  return typeof content === 'string' && content.trim() !== '' ? content.trim() : null;
}
