import { Foundation1763700000000 } from './1763700000000-foundation';
import { OtpSessions1763700200000 } from './1763700200000-otp-sessions';
import { WebhookLogs1763700400000 } from './1763700400000-webhook-logs';

/** Every migration, oldest first. A new migration is added here as well as to this folder. */
export const MIGRATIONS = [Foundation1763700000000, OtpSessions1763700200000, WebhookLogs1763700400000];
