/**
 * Where the 503s answered because PostgreSQL or Redis was unavailable are counted (decisions §15),
 * instead of one log line each. A port: `infra/logging`'s `UnavailableAnswersLog` provides it
 * (app.module), so the error filter here needs nothing from `infra/`.
 */
export abstract class UnavailableAnswers {
  /**
   * Counts a 503 answered because `dependency` failed with `error`. `response`, when given, gets no
   * request log line of its own: the count stands for it.
   */
  abstract answered(dependency: string, error: unknown, response?: object): void;
}
