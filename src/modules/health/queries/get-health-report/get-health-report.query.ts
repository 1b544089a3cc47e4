/** Result: the last stored `HealthReport` (a fresh one when none is stored), with the process's `RuntimeModeReport`. */
export class GetHealthReportQuery {}
