import { ConfigService } from '@nestjs/config';
import { DataSource, EntityManager } from 'typeorm';
import { Env } from '@config/env.schema';
import { CatalogQueries, InventoryService } from '@modules/catalog';
import { HoldRejectedError, UnknownHoldLocationError } from '@modules/checkout/domain/checkout.errors';
import { HoldInventoryCommand } from './hold-inventory.command';
import { HoldInventoryHandler } from './hold-inventory.handler';

describe('HoldInventoryHandler', () => {
  const manager = {} as EntityManager;
  const dataSource = { manager, transaction: (work: (m: EntityManager) => Promise<unknown>) => work(manager) } as unknown as DataSource;
  const settings: Partial<Env> = { INVENTORY_HOLD_MINUTES: 15, INVENTORY_HOLD_MAX_UNITS: 20, INVENTORY_HOLD_MAX_SESSIONS: 3 };
  const config = { get: (key: keyof Env) => settings[key] } as unknown as ConfigService<Env, true>;
  const expiresAt = new Date('2030-01-01T00:00:00Z');

  function handler(activeLocationId: string | null) {
    const catalog = { activeLocationId: jest.fn().mockResolvedValue(activeLocationId) };
    const inventory = { hold: jest.fn().mockResolvedValue(expiresAt) };
    const subject = new HoldInventoryHandler(
      dataSource,
      config,
      catalog as unknown as CatalogQueries,
      inventory as unknown as InventoryService,
    );
    return { subject, catalog, inventory };
  }

  const items = [{ product_id: 7, quantity: 2 }];

  it('holds the stock for the session when the location is active', async () => {
    const { subject, catalog, inventory } = handler('loc-1');
    await expect(subject.execute(new HoldInventoryCommand('t1', 'session-1', items, 'loc-1', '203.0.113.7'))).resolves.toEqual({
      sessionId: 'session-1',
      expiresAt,
    });
    expect(catalog.activeLocationId).toHaveBeenCalledWith(manager, 't1', 'loc-1');
    expect(inventory.hold).toHaveBeenCalledWith(
      manager,
      't1',
      { sessionId: 'session-1', clientIp: '203.0.113.7', items, minutes: 15 },
      { maxUnits: 20, maxSessionsPerClient: 3, sessionCeilingMinutes: 30 },
    );
  });

  it('answers 422 on location_id for a named location that is unknown or inactive', async () => {
    const { subject, inventory } = handler(null);
    const error = await subject
      .execute(new HoldInventoryCommand('t1', 'session-1', items, 'loc-x', '203.0.113.7'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownHoldLocationError);
    expect(error).toMatchObject({ status: 422, errors: { location_id: ['The selected location is invalid.'] } });
    expect(inventory.hold).not.toHaveBeenCalled();
  });

  it('answers 400 { success: false } when the shop has no active primary location', async () => {
    const { subject, inventory } = handler(null);
    const error = await subject
      .execute(new HoldInventoryCommand('t1', 'session-1', items, undefined, '203.0.113.7'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HoldRejectedError);
    expect(error).toMatchObject({ status: 400, message: 'This shop has no active primary location.', body: { success: false } });
    expect(inventory.hold).not.toHaveBeenCalled();
  });
});
