import { Injectable, OnModuleInit } from '@nestjs/common';
import { EventBus, IEvent, IEventPublisher } from '@nestjs/cqrs';
import { activeTransaction } from '@infra/database/transaction';
import { DomainEvent } from './domain-event';
import { OutboxService } from './outbox.service';

/**
 * Makes `eventBus.publish(domainEvent)` inside `inTransaction(...)` write to the outbox instead of
 * calling handlers in memory, so events raised by command handlers are delivered after commit and
 * survive a crash. Events that are not DomainEvents keep the in-memory behaviour.
 */
@Injectable()
export class OutboxEventPublisher implements IEventPublisher, OnModuleInit {
  private inMemory!: IEventPublisher;

  constructor(
    private readonly eventBus: EventBus,
    private readonly outbox: OutboxService,
  ) {}

  onModuleInit(): void {
    this.inMemory = this.eventBus.publisher;
    this.eventBus.publisher = this;
  }

  publish<TEvent extends IEvent>(event: TEvent): unknown {
    if (!(event instanceof DomainEvent)) return this.inMemory.publish(event);
    const manager = activeTransaction();
    if (!manager) {
      throw new Error(`${event.type} was published outside a transaction; wrap the command in inTransaction()`);
    }
    return this.outbox.record(manager, event);
  }

  publishAll<TEvent extends IEvent>(events: TEvent[]): unknown {
    return Promise.all(events.map((event) => this.publish(event)));
  }
}
