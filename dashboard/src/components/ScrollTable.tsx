import type { ReactNode } from 'react';
import classes from './scroll-table.module.css';

/**
 * A table that scrolls sideways inside itself on a narrow screen instead of widening the page. The
 * region can take focus, so that a keyboard can scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <div className={classes.region} role="region" aria-label={label} tabIndex={0}>
      <div style={{ minWidth }}>{children}</div>
    </div>
  );
}
