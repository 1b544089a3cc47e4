export const AI_ENRICHMENT_QUEUE = 'ai-enrichment';

/**
 * A job's own failures (provider down, a bad answer, a value the database refuses) end it in
 * `ai_jobs` without throwing; only an unexpected error (the database away) makes BullMQ try again,
 * and the last attempt gives the credits back. The BullMQ job id is the `ai_jobs` id.
 */
export const AI_ENRICHMENT_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential' as const, delay: 2_000 },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};
