import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ExportFilesRepository } from '@modules/exports/persistence/export-files.repository';
import { DeleteExpiredExportsCommand } from './delete-expired-exports.command';

/** Files per statement: each takes its chunks along (about 1 MiB each), so batches stay short. */
const BATCH = 20;

@CommandHandler(DeleteExpiredExportsCommand)
export class DeleteExpiredExportsHandler implements ICommandHandler<DeleteExpiredExportsCommand, number> {
  constructor(private readonly files: ExportFilesRepository) {}

  async execute({ now }: DeleteExpiredExportsCommand): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await this.files.deleteExpired(now, BATCH);
      total += deleted;
      if (deleted < BATCH) return total;
    }
  }
}
