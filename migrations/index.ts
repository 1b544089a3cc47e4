import { Foundation1763700000000 } from './1763700000000-foundation';
import { Accounts1763700100000 } from './1763700100000-accounts';
import { OtpSessions1763700200000 } from './1763700200000-otp-sessions';
import { SocialAccounts1763700250000 } from './1763700250000-social-accounts';
import { Commerce1763700300000 } from './1763700300000-commerce';
import { WebhookLogs1763700400000 } from './1763700400000-webhook-logs';
import { TenantEvents1763700500000 } from './1763700500000-tenant-events';
import { Analytics1763700600000 } from './1763700600000-analytics';
import { SecurityLogWindows1763700730000 } from './1763700730000-security-log-windows';
import { InventoryHoldClients1763700750000 } from './1763700750000-inventory-hold-clients';
import { Notifications1763700800000 } from './1763700800000-notifications';
import { PushSubscriptions1763700810000 } from './1763700810000-push-subscriptions';
import { AiEnrichment1763700900000 } from './1763700900000-ai-enrichment';
import { Reporting1763700910000 } from './1763700910000-reporting';
import { SubscriptionReminders1763700830000 } from './1763700830000-subscription-reminders';
import { ExportFiles1763700820000 } from './1763700820000-export-files';
import { KeyValueStore1763701000000 } from './1763701000000-key-value-store';
import { SocketIoAttachments1763701100000 } from './1763701100000-socket-io-attachments';
import { ListCounts1763701200000 } from './1763701200000-list-counts';
import { StatementRefusals1763701300000 } from './1763701300000-statement-refusals';
import { OrdersPaymentWrites1763701400000 } from './1763701400000-orders-payment-writes';
import { InventoryHoldFirstHeld1763701520000 } from './1763701520000-inventory-hold-first-held';
import { AiDailyTokens1763701530000 } from './1763701530000-ai-daily-tokens';
import { OrderIdempotencyKeys1763701550000 } from './1763701550000-order-idempotency-keys';
import { DailyRevenueWidth1763701551000 } from './1763701551000-daily-revenue-width';
import { TenantLanguageTimezone1763701600000 } from './1763701600000-tenant-language-timezone';
import { ShopPaymentMethods1763701905000 } from './1763701905000-shop-payment-methods';
import { OrderBranch1763702012000 } from './1763702012000-order-branch';
import { ShopContact1763702100000 } from './1763702100000-shop-contact';
import { Uploads1763702300000 } from './1763702300000-uploads';
import { Categories1763702200000 } from './1763702200000-categories';
import { OrderStats1763701650000 } from './1763701650000-order-stats';
import { StorefrontCatalog1763701700000 } from './1763701700000-storefront-catalog';
import { StorefrontSearchByShop1763701710000 } from './1763701710000-storefront-search-by-shop';
import { OrderSearch1763701800000 } from './1763701800000-order-search';

export { backfillOrderStats } from './1763701650000-order-stats';

/** Every migration, oldest first. A new migration is added here as well as to this folder. */
export const MIGRATIONS = [
  Foundation1763700000000,
  Accounts1763700100000,
  OtpSessions1763700200000,
  SocialAccounts1763700250000,
  Commerce1763700300000,
  WebhookLogs1763700400000,
  TenantEvents1763700500000,
  Analytics1763700600000,
  SecurityLogWindows1763700730000,
  InventoryHoldClients1763700750000,
  Notifications1763700800000,
  PushSubscriptions1763700810000,
  ExportFiles1763700820000,
  SubscriptionReminders1763700830000,
  AiEnrichment1763700900000,
  Reporting1763700910000,
  KeyValueStore1763701000000,
  SocketIoAttachments1763701100000,
  ListCounts1763701200000,
  StatementRefusals1763701300000,
  OrdersPaymentWrites1763701400000,
  InventoryHoldFirstHeld1763701520000,
  AiDailyTokens1763701530000,
  OrderIdempotencyKeys1763701550000,
  DailyRevenueWidth1763701551000,
  TenantLanguageTimezone1763701600000,
  OrderStats1763701650000,
  StorefrontCatalog1763701700000,
  StorefrontSearchByShop1763701710000,
  OrderSearch1763701800000,
  ShopPaymentMethods1763701905000,
  OrderBranch1763702012000,
  ShopContact1763702100000,
  Categories1763702200000,
  Uploads1763702300000,
];
