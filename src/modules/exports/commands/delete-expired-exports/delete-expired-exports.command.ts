/** Delete every export and report file whose 7 days had run out at `now`. Answers how many were deleted. */
export class DeleteExpiredExportsCommand {
  constructor(readonly now: Date) {}
}
