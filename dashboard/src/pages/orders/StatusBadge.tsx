import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS, type OrderStatus } from './order-status';

/** An order's status as a badge; dark text on light tones, so it reads at AA contrast. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" c={`${STATUS_COLORS[status]}.9`} radius="sm">
      {t(`status.${status}`)}
    </Badge>
  );
}
