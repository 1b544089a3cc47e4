/**
 * Keeps a copy fetched before a change from being stored after it: a fetch takes a ticket as it
 * starts (`begin`), and a copy may be kept (`mayKeep`) only when no change of its shop (nor a reset
 * of all) came after that ticket. Without it, a read that started before a product's change and
 * ended after the change was announced would put the older copy back (docs/storefront.md, "When
 * PostgreSQL or Redis is away").
 */
export class ChangeGenerations {
  private generation = 0;
  private resetAt = 0;
  private readonly changedAt = new Map<string, number>();
  private readonly inFlight = new Map<number, number>();

  /** A ticket for a fetch starting now; `end` it when the fetch settles. */
  begin(): number {
    const ticket = this.generation;
    this.inFlight.set(ticket, (this.inFlight.get(ticket) ?? 0) + 1);
    return ticket;
  }

  end(ticket: number): void {
    const count = (this.inFlight.get(ticket) ?? 1) - 1;
    if (count <= 0) this.inFlight.delete(ticket);
    else this.inFlight.set(ticket, count);
  }

  /** True when nothing of `tenantId` changed since `ticket` was taken. */
  mayKeep(ticket: number, tenantId: string | null): boolean {
    if (this.resetAt > ticket) return false;
    return tenantId === null || (this.changedAt.get(tenantId) ?? 0) <= ticket;
  }

  /** True when no change of any shop (nor a reset) came after `ticket`: what an absence may be kept on. */
  quietSince(ticket: number): boolean {
    return this.generation === ticket;
  }

  changed(tenantId: string): void {
    this.generation += 1;
    this.changedAt.set(tenantId, this.generation);
    this.prune();
  }

  reset(): void {
    this.generation += 1;
    this.resetAt = this.generation;
    this.changedAt.clear();
  }

  /** A change only matters to fetches that started before it: those that did not are forgotten. */
  private prune(): void {
    let oldest = Infinity;
    for (const ticket of this.inFlight.keys()) oldest = Math.min(oldest, ticket);
    for (const [tenantId, at] of this.changedAt) if (at <= oldest) this.changedAt.delete(tenantId);
  }
}
