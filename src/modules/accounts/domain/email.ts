/** Emails are stored and compared lower-case (a database check enforces it). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
