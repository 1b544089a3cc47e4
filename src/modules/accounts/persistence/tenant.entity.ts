import { Column, CreateDateColumn, DeleteDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ShopLanguage, SubscriptionStatus, TenantStatus } from '@modules/accounts/domain/tenant';

@Entity({ name: 'tenants' })
export class TenantEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  /** Unique, from the name (`Café Niño` → `cafe-nino`, then `-2`, `-3`); resolves the public storefront. */
  @Column({ type: 'varchar', length: 255 })
  slug: string;

  /** The owner; null when the shop has none. */
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  @Column({ type: 'varchar', length: 16, default: 'active' })
  status: TenantStatus;

  @Column({ name: 'subscription_status', type: 'varchar', length: 16, default: 'active' })
  subscriptionStatus: SubscriptionStatus;

  @Column({ name: 'subscription_ends_at', type: 'timestamptz', nullable: true })
  subscriptionEndsAt: Date | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ name: 'seo_title', type: 'varchar', length: 255, nullable: true })
  seoTitle: string | null;

  @Column({ name: 'seo_description', type: 'text', nullable: true })
  seoDescription: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  slogan: string | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  tags: string[];

  @Column({ name: 'is_ai_enhanced', type: 'boolean', default: false })
  isAiEnhanced: boolean;

  @Column({ name: 'ai_credits', type: 'integer', default: 100 })
  aiCredits: number;

  /** The language of the mails to the shop's people (decisions §19). */
  @Column({ type: 'varchar', length: 2, default: 'es' })
  language: ShopLanguage;

  /** IANA time zone in which those mails show dates (decisions §19). */
  @Column({ type: 'varchar', length: 64, default: 'America/Tegucigalpa' })
  timezone: string;

  /** The payment methods the shop accepts (docs/commerce.md, "Payment methods"). */
  @Column({ name: 'payment_methods', type: 'text', array: true, default: () => "'{cash}'" })
  paymentMethods: string[];

  /** What a shopper paying by bank transfer is told; required while the shop accepts transfers. */
  @Column({ name: 'bank_transfer_instructions', type: 'varchar', length: 1000, nullable: true })
  bankTransferInstructions: string | null;

  /** The shop's contact details (docs/accounts.md, "The shop's contact details"): each null when the shop has none. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  phone: string | null;

  /** E.164 (`+50499990000`). */
  @Column({ type: 'varchar', length: 16, nullable: true })
  whatsapp: string | null;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  address: string | null;

  /** An https:// URL. */
  @Column({ name: 'logo_url', type: 'varchar', length: 2048, nullable: true })
  logoUrl: string | null;

  /** `{ facebook?, instagram?, tiktok? }`, each an https:// URL; `{}` when the shop has none. */
  @Column({ name: 'social_links', type: 'jsonb', default: () => "'{}'" })
  socialLinks: Partial<Record<'facebook' | 'instagram' | 'tiktok', string>>;

  /** Soft deletion: an archived shop. */
  @DeleteDateColumn({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
