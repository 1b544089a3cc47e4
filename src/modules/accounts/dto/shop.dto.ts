import { canonicalTimeZone } from '@common/util/time-zone';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { plainToInstance, Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  MaxLength,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { IsPhoneNumber, IsWhatsAppNumber, OptionalOrBlank, PHONE_MAX_LENGTH, WHATSAPP_MAX_LENGTH } from '@common/http/contact-fields';
import { IsImageUrl } from '@common/http/upload-urls';
import { OptionalNonNull } from '@common/http/optional-non-null.decorator';
import {
  BANK_TRANSFER_INSTRUCTIONS_MAX_LENGTH,
  SHOP_CONTACT_MAX_LENGTH as CONTACT_MAX,
  SHOP_FIELD_MAX_LENGTH as MAX,
  SHOP_MAX_TAGS,
  SHOP_PAYMENT_METHODS,
  SHOP_TAG_MAX_LENGTH,
  SHOP_TIMEZONE_MAX_LENGTH,
  SOCIAL_LINK_MAX_LENGTH,
  SOCIAL_NETWORKS,
  type ShopPaymentMethod,
} from '../domain/shop-profile';
import { SHOP_LANGUAGE_CODES, SUBSCRIPTION_STATUSES, type ShopLanguage, type SubscriptionStatus } from '../domain/tenant';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const longest = (field: string, max: number) => ({ message: `The ${field.replace(/_/g, ' ')} may not be greater than ${max} characters.` });
const text = (field: string) => ({ message: `The ${field.replace(/_/g, ' ')} must be a string.` });
const httpsUrl = (field: string) => ({ message: `The ${field.replace(/_/g, ' ')} must be an https:// URL.` });
const HTTPS_ONLY = { protocols: ['https'], require_protocol: true, require_valid_protocol: true };
const SOCIAL_LINKS_OBJECT = `The social links must be an object with some of: ${SOCIAL_NETWORKS.join(', ')}.`;

const IsTimeZone = () =>
  ValidateBy({
    name: 'isTimeZone',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && canonicalTimeZone(value) !== null,
      defaultMessage: () => 'The timezone must be an IANA time zone name, such as America/Tegucigalpa.',
    },
  });

/** One network's link: an https:// URL, or null / "" for none. */
const SocialLink = (network: string) => {
  const path = `social_links.${network}`;
  return applyDecorators(
    Transform(trim),
    OptionalOrBlank(),
    IsString({ message: `The ${path} must be a string.` }),
    MaxLength(SOCIAL_LINK_MAX_LENGTH, { message: `The ${path} may not be greater than ${SOCIAL_LINK_MAX_LENGTH} characters.` }),
    IsUrl(HTTPS_ONLY, { message: `The ${path} must be an https:// URL.` }),
  );
};
const socialLinkDoc = (example: string): ApiPropertyOptions => ({
  type: 'string',
  nullable: true,
  format: 'uri',
  maxLength: SOCIAL_LINK_MAX_LENGTH,
  example,
  description: 'An https:// URL; null or "" removes it',
});

/**
 * The shop's social links as a PATCH sends them: the whole object (it replaces the old one); another
 * key is refused. Validation only: the API document writes the object out at `social_links`.
 */
export class SocialLinksDto {
  @SocialLink('facebook')
  facebook?: string | null;

  @SocialLink('instagram')
  instagram?: string | null;

  @SocialLink('tiktok')
  tiktok?: string | null;
}

/**
 * `social_links` as the validators read it: an object becomes a SocialLinksDto, validated key by
 * key (an unknown key refused at its path, `social_links.youtube`); anything else (a string, a
 * number, a list) becomes an empty list, which only the object rule refuses, so that it gets the
 * one message and not also the nested rule's about lists.
 */
const toSocialLinks = ({ value }: { value: unknown }) => {
  if (value === undefined || value === null) return value;
  return typeof value === 'object' && !Array.isArray(value) ? plainToInstance(SocialLinksDto, value) : [];
};

const IsSocialLinksObject = () =>
  ValidateBy({
    name: 'isSocialLinksObject',
    validator: { validate: (value: unknown) => value instanceof SocialLinksDto, defaultMessage: () => SOCIAL_LINKS_OBJECT },
  });

/**
 * Any subset of the shop's editable fields (decisions §17, §19); unknown fields (the slug among
 * them: it never changes) are refused with 422 like on every other PATCH. A text field may be
 * cleared with null or ""; `tags` with []. Strings are trimmed.
 */
export class UpdateShopDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: MAX.name, example: 'Café Niño', description: 'Trimmed; the slug stays as it is' })
  @OptionalNonNull()
  @Transform(trim)
  @IsString(text('name'))
  @IsNotEmpty({ message: 'The name field is required.' })
  @MaxLength(MAX.name, longest('name', MAX.name))
  name?: string;

  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: MAX.description })
  @IsOptional()
  @Transform(trim)
  @IsString(text('description'))
  @MaxLength(MAX.description, longest('description', MAX.description))
  description?: string | null;

  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: MAX.seo_title })
  @IsOptional()
  @Transform(trim)
  @IsString(text('seo_title'))
  @MaxLength(MAX.seo_title, longest('seo_title', MAX.seo_title))
  seo_title?: string | null;

  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: MAX.seo_description })
  @IsOptional()
  @Transform(trim)
  @IsString(text('seo_description'))
  @MaxLength(MAX.seo_description, longest('seo_description', MAX.seo_description))
  seo_description?: string | null;

  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: MAX.slogan })
  @IsOptional()
  @Transform(trim)
  @IsString(text('slogan'))
  @MaxLength(MAX.slogan, longest('slogan', MAX.slogan))
  slogan?: string | null;

  @ApiPropertyOptional({
    type: 'string',
    isArray: true,
    maxItems: SHOP_MAX_TAGS,
    items: { type: 'string', maxLength: SHOP_TAG_MAX_LENGTH },
    description: 'The whole list (replaces the old one); trimmed, blanks and case-insensitive repeats dropped',
  })
  @OptionalNonNull()
  @IsArray({ message: 'The tags must be a list of strings.' })
  @ArrayMaxSize(SHOP_MAX_TAGS, { message: `The tags may not have more than ${SHOP_MAX_TAGS} items.` })
  @IsString({ each: true, message: 'Each tag must be a string.' })
  @MaxLength(SHOP_TAG_MAX_LENGTH, { each: true, message: `Each tag may not be greater than ${SHOP_TAG_MAX_LENGTH} characters.` })
  tags?: string[];

  @ApiPropertyOptional({ enum: SHOP_LANGUAGE_CODES, description: "The language of the mails to the shop's people" })
  @OptionalNonNull()
  @IsIn(SHOP_LANGUAGE_CODES, { message: `The language must be one of: ${SHOP_LANGUAGE_CODES.join(', ')}.` })
  language?: ShopLanguage;

  @ApiPropertyOptional({
    maxLength: SHOP_TIMEZONE_MAX_LENGTH,
    example: 'America/Tegucigalpa',
    description: 'An IANA time zone name (stored in its canonical spelling); the dates of the mails are shown in it',
  })
  @OptionalNonNull()
  @IsString(text('timezone'))
  @IsTimeZone()
  timezone?: string;

  @ApiPropertyOptional({
    type: 'string',
    enum: SHOP_PAYMENT_METHODS,
    isArray: true,
    minItems: 1,
    maxItems: SHOP_PAYMENT_METHODS.length,
    uniqueItems: true,
    description:
      'The whole list of the payment methods the shop accepts (replaces the old one); bank_transfer needs bank_transfer_instructions',
  })
  @OptionalNonNull()
  @IsArray({ message: 'The payment methods must be a list.' })
  @ArrayMinSize(1, { message: 'The shop must accept at least one payment method.' })
  @ArrayUnique({ message: 'The payment methods may not repeat a method.' })
  @IsIn(SHOP_PAYMENT_METHODS, { each: true, message: `Each payment method must be one of: ${SHOP_PAYMENT_METHODS.join(', ')}.` })
  payment_methods?: ShopPaymentMethod[];

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: BANK_TRANSFER_INSTRUCTIONS_MAX_LENGTH,
    description:
      'What a shopper paying by transfer is told (bank, account, holder); may be cleared only while bank_transfer is not accepted',
  })
  @IsOptional()
  @Transform(trim)
  @IsString(text('bank_transfer_instructions'))
  @MaxLength(BANK_TRANSFER_INSTRUCTIONS_MAX_LENGTH, longest('bank_transfer_instructions', BANK_TRANSFER_INSTRUCTIONS_MAX_LENGTH))
  bank_transfer_instructions?: string | null;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: PHONE_MAX_LENGTH,
    example: '+504 2222-3333',
    description: '7 to 20 characters of digits, spaces, +, -, ( and ), at least 7 of them digits',
  })
  @IsOptional()
  @Transform(trim)
  @IsString(text('phone'))
  @IsPhoneNumber('phone')
  phone?: string | null;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: WHATSAPP_MAX_LENGTH,
    example: '+50499990000',
    description: 'E.164: a + and 8 to 15 digits, the first not 0',
  })
  @IsOptional()
  @Transform(trim)
  @IsString(text('whatsapp'))
  @IsWhatsAppNumber('whatsapp')
  whatsapp?: string | null;

  @ApiPropertyOptional({ type: 'string', nullable: true, format: 'email', maxLength: CONTACT_MAX.email, example: 'hola@cafenino.hn' })
  @OptionalOrBlank()
  @Transform(trim)
  @IsString(text('email'))
  @MaxLength(CONTACT_MAX.email, longest('email', CONTACT_MAX.email))
  @IsEmail({}, { message: 'The email must be a valid email address.' })
  email?: string | null;

  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: CONTACT_MAX.address, example: 'Col. Palmira, Tegucigalpa' })
  @IsOptional()
  @Transform(trim)
  @IsString(text('address'))
  @MaxLength(CONTACT_MAX.address, longest('address', CONTACT_MAX.address))
  address?: string | null;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    format: 'uri',
    maxLength: CONTACT_MAX.logo_url,
    example: 'https://cdn.example.com/cafe-nino.png',
    description: 'The shop\'s logo: an https:// URL, or the `url` of an upload (POST /api/v1/merchant/uploads); null or "" removes it',
  })
  @OptionalOrBlank()
  @Transform(trim)
  @IsString(text('logo_url'))
  @MaxLength(CONTACT_MAX.logo_url, longest('logo_url', CONTACT_MAX.logo_url))
  @IsImageUrl(httpsUrl('logo_url'))
  logo_url?: string | null;

  @ApiPropertyOptional({
    // Written out (not a $ref): OpenAPI 3.0 wants `type` beside `nullable`.
    type: 'object',
    nullable: true,
    properties: {
      facebook: socialLinkDoc('https://www.facebook.com/cafenino'),
      instagram: socialLinkDoc('https://www.instagram.com/cafenino'),
      tiktok: socialLinkDoc('https://www.tiktok.com/@cafenino'),
    },
    additionalProperties: false,
    description: 'The whole object (replaces the old one); a network left out, null or "" has no link; null clears them all',
  })
  @IsOptional()
  @Transform(toSocialLinks)
  @IsSocialLinksObject()
  @ValidateNested()
  social_links?: SocialLinksDto | null;
}

/** The shop's links on social networks: only the networks it has a link for. */
export class SocialLinksResource {
  @ApiPropertyOptional({ format: 'uri', maxLength: SOCIAL_LINK_MAX_LENGTH, example: 'https://www.facebook.com/cafenino' })
  facebook?: string;

  @ApiPropertyOptional({ format: 'uri', maxLength: SOCIAL_LINK_MAX_LENGTH, example: 'https://www.instagram.com/cafenino' })
  instagram?: string;

  @ApiPropertyOptional({ format: 'uri', maxLength: SOCIAL_LINK_MAX_LENGTH, example: 'https://www.tiktok.com/@cafenino' })
  tiktok?: string;
}

/** The shop as its people see and edit it (decisions §17, §19). */
export class ShopResource {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'cafe-nino', description: 'Derived from the name at creation; never changes' })
  slug: string;

  @ApiProperty({ maxLength: MAX.name, example: 'Café Niño' })
  name: string;

  @ApiProperty({ type: 'string', nullable: true, maxLength: MAX.description })
  description: string | null;

  @ApiProperty({ type: 'string', nullable: true, maxLength: MAX.seo_title })
  seo_title: string | null;

  @ApiProperty({ type: 'string', nullable: true, maxLength: MAX.seo_description })
  seo_description: string | null;

  @ApiProperty({ type: 'string', nullable: true, maxLength: MAX.slogan })
  slogan: string | null;

  @ApiProperty({ type: 'string', isArray: true, maxItems: SHOP_MAX_TAGS })
  tags: string[];

  @ApiProperty({ description: 'The profile was last written by AI enrichment (a later edit by hand keeps the mark)' })
  is_ai_enhanced: boolean;

  @ApiProperty({ type: 'integer', minimum: 0 })
  ai_credits: number;

  @ApiProperty({ enum: SUBSCRIPTION_STATUSES })
  subscription_status: SubscriptionStatus;

  @ApiProperty({ example: 'https://shop.example.com/s/cafe-nino', description: 'The hosted shop page: `<APP_URL>/s/<slug>`' })
  storefront_url: string;

  @ApiProperty({ minLength: 3, maxLength: 3, example: 'HNL', description: "The shop's ISO 4217 currency code" })
  currency: string;

  @ApiProperty({ enum: SHOP_LANGUAGE_CODES })
  language: ShopLanguage;

  @ApiProperty({ example: 'America/Tegucigalpa', description: 'IANA time zone name' })
  timezone: string;

  @ApiProperty({
    type: 'string',
    enum: SHOP_PAYMENT_METHODS,
    isArray: true,
    minItems: 1,
    description: 'The payment methods the shop accepts',
  })
  payment_methods: ShopPaymentMethod[];

  @ApiProperty({ type: 'string', nullable: true, maxLength: BANK_TRANSFER_INSTRUCTIONS_MAX_LENGTH })
  bank_transfer_instructions: string | null;

  @ApiProperty({ type: 'string', nullable: true, maxLength: PHONE_MAX_LENGTH, example: '+504 2222-3333' })
  phone: string | null;

  @ApiProperty({ type: 'string', nullable: true, maxLength: WHATSAPP_MAX_LENGTH, example: '+50499990000', description: 'E.164' })
  whatsapp: string | null;

  @ApiProperty({ type: 'string', nullable: true, format: 'email', maxLength: CONTACT_MAX.email })
  email: string | null;

  @ApiProperty({ type: 'string', nullable: true, maxLength: CONTACT_MAX.address })
  address: string | null;

  @ApiProperty({
    type: 'string',
    nullable: true,
    format: 'uri',
    maxLength: CONTACT_MAX.logo_url,
    description: "An https:// URL, or one of this service's upload URLs",
  })
  logo_url: string | null;

  @ApiProperty({ type: SocialLinksResource, description: 'An empty object when the shop has none' })
  social_links: SocialLinksResource;
}

export class ShopResponse {
  @ApiProperty({ type: ShopResource })
  data: ShopResource;
}
