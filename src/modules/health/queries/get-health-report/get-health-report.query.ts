/** Result: the last stored `HealthReport`, or a fresh one when none is stored. */
export class GetHealthReportQuery {}
