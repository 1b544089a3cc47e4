import { Badge, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS, type OrderStatus } from './order-status';

/** An order's status as a badge: a tint of the status's colour behind dark text, which reads at AA contrast on every tint. */
export function StatusBadge({ status, size = 'md' }: { status: OrderStatus; size?: MantineSize }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" c="dark.8" radius="sm" size={size}>
      {t(`status.${status}`)}
    </Badge>
  );
}
