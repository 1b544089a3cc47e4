import { Param, PipeTransform } from '@nestjs/common';
import { NotFoundError } from '@common/errors/domain.error';
import { integerId, uuidId } from './resource-ids';

class IdPipe<T> implements PipeTransform<string, T> {
  constructor(
    private readonly parse: (raw: string) => T | null,
    private readonly notFound: string,
  ) {}

  transform(raw: string): T {
    const id = this.parse(raw);
    if (id === null) throw new NotFoundError(this.notFound);
    return id;
  }
}

/** An integer path id (orders, products); one that cannot name a row (`abc`, `0`, beyond int4) is a 404 with `notFound`. */
export const IntegerIdParam = (name: string, notFound: string) => Param(name, new IdPipe(integerId, notFound));

/** A UUID path id (locations, coupons, notifications); anything else is a 404 with `notFound`. */
export const UuidIdParam = (name: string, notFound: string) => Param(name, new IdPipe(uuidId, notFound));
