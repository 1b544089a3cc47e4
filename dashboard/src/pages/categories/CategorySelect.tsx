import { NativeSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../../api/client';
import { keys } from '../../api/query-keys';

/** Every category of the shop, page after page (a shop has few), for a product's "Category". */
function useAllCategories() {
  return useQuery({
    queryKey: keys.categories.options,
    queryFn: async () => {
      const all: Array<{ id: number; name: string }> = [];
      let cursor: string | undefined;
      do {
        const page = await unwrap(api.GET('/api/v1/merchant/categories', { params: { query: cursor ? { cursor } : {} } }));
        all.push(...page.data.map(({ id, name }) => ({ id, name })));
        cursor = page.meta.next_cursor ?? undefined;
      } while (cursor);
      return all;
    },
  });
}

/** A product's "Category": one of the shop's categories, or none. `value` is the category id, or null. */
export function CategorySelect({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange: (value: number | null) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const categories = useAllCategories();
  const options = [
    { value: '', label: t('products.noCategory') },
    ...(categories.data ?? []).map((category) => ({ value: String(category.id), label: category.name })),
  ];
  // A product's category while the list loads is still shown, as its id would be lost otherwise.
  if (value !== null && !options.some((option) => option.value === String(value))) options.push({ value: String(value), label: '…' });
  return (
    <NativeSelect
      label={t('products.category')}
      data={options}
      value={value === null ? '' : String(value)}
      onChange={(e) => onChange(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}
      error={error}
    />
  );
}
