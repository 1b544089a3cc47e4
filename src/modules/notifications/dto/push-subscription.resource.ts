/**
 * One of the caller's browsers as the API lists it (decisions §15): enough to recognise and remove
 * it. The endpoint itself is the browser's capability URL and the keys are secrets: neither is shown.
 */
export interface PushSubscriptionResource {
  id: string;
  /** The push service's host of the endpoint (`fcm.googleapis.com`). */
  endpoint_host: string;
  created_at: string;
}
