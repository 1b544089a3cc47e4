import { Body, Controller, Get, HttpCode, Module, Post } from '@nestjs/common';
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

/** Test-only routes that exercise the foundation's shared mechanisms. */
@Controller('test-probe')
export class ProbeController {
  @Post('validate')
  @HttpCode(200)
  validate(@Body() body: ProbeOrderDto) {
    return { ok: true, items: body.items.length };
  }

  @Get('crash')
  crash() {
    throw new Error('SELECT secret FROM internals -- must never reach the client');
  }

  @Get('limited')
  @RateLimit('api.verification')
  limited() {
    return { ok: true };
  }

  @Get('default-group')
  defaultGroup() {
    return { ok: true };
  }

  @Post('work')
  @Idempotent({ headers: ['Idempotency-Key', 'X-Idempotency-Key'], bodyField: 'idempotency_key' })
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
  async workOther(@Body() body: ProbeWorkDto) {
    probeRuns.set(`other:${body.label}`, (probeRuns.get(`other:${body.label}`) ?? 0) + 1);
    return { data: { label: body.label } };
  }
}

@Module({ controllers: [ProbeController] })
export class ProbeModule {}
