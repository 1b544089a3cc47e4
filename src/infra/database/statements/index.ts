/*
 * The statements toolkit of the write paths (README.md beside this file): combined statements,
 * named prepared statements, and typed references to a statement's parts. The COMMIT sent right
 * behind a transaction's last statement is `run(..., { commit: true })` (transaction.ts,
 * commitRightBehind).
 */
export { CombinedStatement, OUTPUTS_ONLY, type StatementPart, statementPart } from './combined-statement';
export { prepared } from './prepared-statements';
