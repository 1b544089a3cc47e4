import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { PHONE_MAX_LENGTH, WHATSAPP_MAX_LENGTH } from '@common/http/contact-fields';
import { AVAILABILITIES, type Availability } from '@modules/catalog';
import {
  STOREFRONT_CATEGORY_MAX,
  STOREFRONT_PRODUCTS_DEFAULT_LIMIT,
  STOREFRONT_PRODUCTS_MAX_LIMIT,
  STOREFRONT_SEARCH_MAX,
} from '../queries/list-storefront-products/list-storefront-products.handler';

/** A cursor holds a name's key and an id: far below this. */
const MAX_CURSOR_LENGTH = 2048;

export class StorefrontProductsQueryDto {
  @ApiPropertyOptional({
    maxLength: STOREFRONT_SEARCH_MAX,
    description: 'Products whose name or description holds this text, case and accents aside (`cafe` finds `Café`)',
    example: 'cafe',
  })
  @IsOptional()
  @IsString({ message: 'The search must be a string.' })
  @MaxLength(STOREFRONT_SEARCH_MAX, { message: `The search may not be greater than ${STOREFRONT_SEARCH_MAX} characters.` })
  q?: string;

  @ApiPropertyOptional({
    maxLength: STOREFRONT_CATEGORY_MAX,
    description: "Only the products of the category with this slug (from the shop's categories); an unknown slug lists none",
    example: 'bebidas',
  })
  @IsOptional()
  @IsString({ message: 'The category must be a string.' })
  @MaxLength(STOREFRONT_CATEGORY_MAX, { message: `The category may not be greater than ${STOREFRONT_CATEGORY_MAX} characters.` })
  category?: string;

  @ApiPropertyOptional({ maxLength: MAX_CURSOR_LENGTH, description: 'The `next_cursor` of the previous page (opaque)' })
  @IsOptional()
  @IsString({ message: 'The cursor must be a string.' })
  @MaxLength(MAX_CURSOR_LENGTH, { message: 'The cursor is invalid: use the next_cursor of a page of this list.' })
  cursor?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: STOREFRONT_PRODUCTS_MAX_LIMIT, default: STOREFRONT_PRODUCTS_DEFAULT_LIMIT })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'The limit must be an integer.' })
  @Min(1, { message: `The limit must be an integer from 1 to ${STOREFRONT_PRODUCTS_MAX_LIMIT}.` })
  @Max(STOREFRONT_PRODUCTS_MAX_LIMIT, { message: `The limit must be an integer from 1 to ${STOREFRONT_PRODUCTS_MAX_LIMIT}.` })
  limit?: number;
}

export class StorefrontLocationResource {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  name: string;

  @ApiProperty({ type: 'string', nullable: true })
  address: string | null;

  @ApiProperty({
    type: 'string',
    nullable: true,
    maxLength: PHONE_MAX_LENGTH,
    example: '+504 2222-3333',
    description: "The branch's phone",
  })
  phone: string | null;

  @ApiProperty({ type: 'number', minimum: 0, example: 50, description: 'Charged for delivery from this location (two decimals)' })
  delivery_fee: number;

  @ApiProperty({ description: "The shop's primary location (listed first)" })
  is_primary: boolean;
}

/** The shop's links on social networks: only the networks it has a link for. */
export class StorefrontSocialLinksResource {
  @ApiPropertyOptional({ format: 'uri', example: 'https://www.facebook.com/cafenino' })
  facebook?: string;

  @ApiPropertyOptional({ format: 'uri', example: 'https://www.instagram.com/cafenino' })
  instagram?: string;

  @ApiPropertyOptional({ format: 'uri', example: 'https://www.tiktok.com/@cafenino' })
  tiktok?: string;
}

export class StorefrontShopResource {
  @ApiProperty({ example: 'cafe-nino' })
  slug: string;

  @ApiProperty({ example: 'Café Niño' })
  name: string;

  @ApiProperty({ type: 'string', nullable: true })
  description: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  slogan: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  seo_title: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  seo_description: string | null;

  @ApiProperty({ type: 'string', isArray: true })
  tags: string[];

  @ApiProperty({ example: 'HNL', description: 'ISO 4217 code of every price (`APP_CURRENCY`)' })
  currency: string;

  @ApiProperty({
    type: 'string',
    enum: ['cash', 'bank_transfer'],
    isArray: true,
    minItems: 1,
    description: 'The payment methods the shop accepts: an order may name one of them (or `pending`)',
  })
  payment_methods: Array<'cash' | 'bank_transfer'>;

  @ApiProperty({
    type: 'string',
    nullable: true,
    maxLength: 1000,
    description: 'What a shopper paying by bank transfer is told; null unless the shop accepts transfers',
  })
  bank_transfer_instructions: string | null;

  @ApiProperty({ type: 'string', nullable: true, maxLength: PHONE_MAX_LENGTH, example: '+504 2222-3333' })
  phone: string | null;

  @ApiProperty({ type: 'string', nullable: true, maxLength: WHATSAPP_MAX_LENGTH, example: '+50499990000', description: 'E.164' })
  whatsapp: string | null;

  @ApiProperty({ type: 'string', nullable: true, format: 'email', maxLength: 254 })
  email: string | null;

  @ApiProperty({ type: 'string', nullable: true, maxLength: 500 })
  address: string | null;

  @ApiProperty({ type: 'string', nullable: true, format: 'uri', maxLength: 2048, description: "The shop's logo: an https:// URL" })
  logo_url: string | null;

  @ApiProperty({ type: StorefrontSocialLinksResource, description: 'An empty object when the shop has none' })
  social_links: StorefrontSocialLinksResource;

  @ApiProperty({ type: StorefrontLocationResource, isArray: true, description: 'Active locations: the primary first, then by name' })
  locations: StorefrontLocationResource[];
}

export class StorefrontShopResponse {
  @ApiProperty({ type: StorefrontShopResource })
  data: StorefrontShopResource;
}

export class StorefrontProductResource {
  @ApiProperty({ type: 'integer', minimum: 1, example: 17 })
  id: number;

  @ApiProperty()
  name: string;

  @ApiProperty({ type: 'string', nullable: true })
  description: string | null;

  @ApiProperty({ type: 'number', minimum: 0, example: 45.5, description: 'At most two decimals, in the shop’s currency' })
  price: number;

  @ApiProperty({ type: 'string', nullable: true, format: 'uri', description: 'An https:// URL' })
  image_url: string | null;

  @ApiProperty({
    enum: AVAILABILITIES,
    description:
      'What checkout could still sell, never the units: `low_stock` at 5 or fewer, `sold_out` at none; untracked stock is `in_stock`',
  })
  availability: Availability;
}

export class StorefrontProductPageResponse {
  @ApiProperty({ type: StorefrontProductResource, isArray: true, description: 'By name (case and accents aside), then id' })
  data: StorefrontProductResource[];

  @ApiProperty({ type: 'string', nullable: true, description: 'Pass as `cursor` for the next page; null on the last' })
  next_cursor: string | null;
}

export class StorefrontCategoryResource {
  @ApiProperty({ type: 'integer', minimum: 1, example: 3 })
  id: number;

  @ApiProperty({ example: 'Bebidas' })
  name: string;

  @ApiProperty({ example: 'bebidas', description: 'Pass as `category` to the product list' })
  slug: string;

  @ApiProperty({ type: 'integer', minimum: 1, description: 'Its active products' })
  product_count: number;
}

export class StorefrontCategoryListResponse {
  @ApiProperty({
    type: StorefrontCategoryResource,
    isArray: true,
    description: 'The categories with at least one active product, in the order the shop gave them',
  })
  data: StorefrontCategoryResource[];
}
