import { Body, Controller, Get, HttpCode, Module, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiInternalServerErrorResponse, ApiOkResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMinSize, IsArray, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min, ValidateNested } from 'class-validator';
import { ConflictError, ValidationFailedError } from '@common/errors/domain.error';
import { Idempotent } from '@infra/idempotency/idempotent.decorator';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';

class ProbeItemDto {
  @IsInt()
  @Min(1)
  product_id: number;

  @IsInt()
  @Min(1)
  quantity: number;
}

class ProbeOrderDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(10)
  name: string;

  @IsArray()
  @ArrayMinSize(1)
  @ValidateNested({ each: true })
  @Type(() => ProbeItemDto)
  items: ProbeItemDto[];
}

class ProbeWorkDto {
  @IsString()
  label: string;

  @IsInt()
  delay_ms = 0;

  @IsString()
  outcome: 'ok' | 'conflict' | 'invalid' | 'crash' = 'ok';

  @IsOptional()
  @IsString()
  idempotency_key?: string;
}

/** Counts how often each idempotent handler body really ran. */
export const probeRuns = new Map<string, number>();

/** The `{ ok: true, … }` answer of a probe, typed so that the e2e suite's contract check can read it. */
const okBody = (properties: Record<string, object> = {}) =>
  ApiOkResponse({ schema: { type: 'object', required: ['ok'], properties: { ok: { type: 'boolean' }, ...properties } } });

/** The `{ data: { label, … } }` answer (201) of the idempotency probes. */
const workBody = (properties: Record<string, object> = {}) =>
  ApiCreatedResponse({
    schema: {
      type: 'object',
      required: ['data'],
      properties: { data: { type: 'object', required: ['label'], properties: { label: { type: 'string' }, ...properties } } },
    },
  });

/**
 * Test-only routes that exercise the foundation's shared mechanisms. They are documented like the
 * real ones (the shared answers come from the document builder), failures on purpose included.
 */
@Controller('test-probe')
export class ProbeController {
  @Post('validate')
  @HttpCode(200)
  @okBody({ items: { type: 'integer' } })
  validate(@Body() body: ProbeOrderDto) {
    return { ok: true, items: body.items.length };
  }

  @Get('crash')
  @ApiInternalServerErrorResponse({ description: 'Always: the probe of an unexpected error' })
  crash() {
    throw new Error('SELECT secret FROM internals -- must never reach the client');
  }

  @Get('limited')
  @RateLimit('api.verification')
  @okBody()
  limited() {
    return { ok: true };
  }

  @Get('default-group')
  @okBody()
  defaultGroup() {
    return { ok: true };
  }

  @Post('work')
  @Idempotent({ headers: ['Idempotency-Key', 'X-Idempotency-Key'], bodyField: 'idempotency_key' })
  @workBody({ run: { type: 'integer' } })
  @ApiUnprocessableEntityResponse({ description: 'outcome: invalid' })
  @ApiInternalServerErrorResponse({ description: 'outcome: crash' })
  async work(@Body() body: ProbeWorkDto) {
    probeRuns.set(body.label, (probeRuns.get(body.label) ?? 0) + 1);
    if (body.delay_ms) await new Promise((resolve) => setTimeout(resolve, body.delay_ms));
    if (body.outcome === 'conflict') throw new ConflictError('Already there.');
    if (body.outcome === 'invalid') throw ValidationFailedError.field('label', 'The label is not acceptable.');
    if (body.outcome === 'crash') throw new Error('boom');
    return { data: { label: body.label, run: probeRuns.get(body.label) } };
  }

  @Post('work-other')
  @Idempotent()
  @workBody()
  async workOther(@Body() body: ProbeWorkDto) {
    probeRuns.set(`other:${body.label}`, (probeRuns.get(`other:${body.label}`) ?? 0) + 1);
    return { data: { label: body.label } };
  }
}

@Module({ controllers: [ProbeController] })
export class ProbeModule {}
