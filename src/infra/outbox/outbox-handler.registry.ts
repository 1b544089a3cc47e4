import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { OUTBOX_HANDLER_KEY, OutboxEventHandler } from './outbox-handler.decorator';

export interface RegisteredHandler {
  name: string;
  instance: OutboxEventHandler;
}

/** Finds every `@OutboxHandler(type)` provider once at start-up. */
@Injectable()
export class OutboxHandlerRegistry implements OnModuleInit {
  private readonly logger = new Logger(OutboxHandlerRegistry.name);
  private readonly handlers = new Map<string, RegisteredHandler[]>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const { metatype, instance } = wrapper;
      if (!metatype || !instance) continue;
      const eventType = this.reflector.get<string | undefined>(OUTBOX_HANDLER_KEY, metatype);
      if (!eventType) continue;
      this.register(eventType, metatype.name, instance as OutboxEventHandler);
    }
  }

  register(eventType: string, name: string, instance: OutboxEventHandler): void {
    const list = this.handlers.get(eventType) ?? [];
    if (list.some((handler) => handler.name === name)) return;
    list.push({ name, instance });
    this.handlers.set(eventType, list);
    this.logger.debug(`${name} handles ${eventType}`);
  }

  handlersFor(eventType: string): RegisteredHandler[] {
    return this.handlers.get(eventType) ?? [];
  }
}
