import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Modal, NumberInput, Paper, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { components } from '@client';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { api, unwrap } from '../../api/client';
import type { CursorPage } from '../../api/cursor-list';
import { ApiError } from '../../api/errors';
import { formErrorsOf, type FormErrors } from '../../api/form-errors';
import { numberErrors, type NumberLimit } from '../../api/number-limits';
import { useEmailToVerify } from '../../api/me';
import { keys } from '../../api/query-keys';
import { useShop } from '../../api/shop';
import { ImageUpload } from '../../components/ImageUpload';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { VerifyEmailNotice } from '../../components/VerifyEmailNotice';
import { CategorySelect } from '../categories/CategorySelect';
import { PageLoader } from '../../layout/Layout';

type Product = components['schemas']['ProductResource'];
type ProductBody = components['schemas']['CreateProductDto'];

const FIELDS = ['name', 'description', 'price', 'stock', 'category_id', 'image_url', 'is_active'] as const;
type Field = (typeof FIELDS)[number];

interface Values {
  name: string;
  description: string;
  price: string | number;
  stock: string | number;
  category_id: number | null;
  image_url: string;
  is_active: boolean;
}

/** The API's bounds of the product's numbers (CreateProductDto: price ≥ 0, stock a whole number ≥ 0). */
const LIMITS: Partial<Record<Field, NumberLimit>> = { price: { min: 0 }, stock: { min: 0, integer: true } };

const EMPTY: Values = { name: '', description: '', price: '', stock: '', category_id: null, image_url: '', is_active: true };

function valuesOf(product: Product): Values {
  return {
    name: product.name,
    description: product.description ?? '',
    price: product.price,
    stock: product.stock ?? '',
    category_id: product.category_id,
    image_url: product.image_url ?? '',
    is_active: product.is_active,
  };
}

/**
 * What the form sends: an empty stock is null (not tracked); an empty description or picture is
 * left out of a new product and null (removed) on one that had it.
 */
function bodyOf(values: Values, product: Product | null): ProductBody {
  const text = (field: 'description' | 'image_url') => {
    const value = values[field].trim();
    if (value !== '') return { [field]: value };
    return product?.[field] ? { [field]: null } : {};
  };
  return {
    name: values.name.trim(),
    // Left empty, the price is absent and the API says at the field that it is required.
    price: values.price === '' ? (undefined as unknown as number) : Number(values.price),
    stock: values.stock === '' ? null : Number(values.stock),
    category_id: values.category_id,
    ...text('description'),
    ...text('image_url'),
    is_active: values.is_active,
  };
}

/** A product's form, new (/products/new) or existing (/products/:id): save, write the description with AI, delete. */
export default function ProductFormPage() {
  const { id } = useParams();
  const productId = id === undefined ? null : Number(id);
  const product = useQuery({
    queryKey: keys.products.detail(productId ?? 0),
    queryFn: async () => (await unwrap(api.GET('/api/v1/merchant/products/{id}', { params: { path: { id: productId! } } }))).data,
    enabled: productId !== null && Number.isSafeInteger(productId) && productId > 0,
  });

  if (productId !== null) {
    if (!Number.isSafeInteger(productId) || productId <= 0 || (product.error instanceof ApiError && product.error.status === 404)) {
      return <NotFound />;
    }
    if (product.isPending) return <PageLoader />;
    if (product.isError) return <QueryError error={product.error} />;
  }
  return <ProductForm key={productId ?? 'new'} product={product.data ?? null} />;
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('products.editTitle')}</PageTitle>
      <Alert color="red" role="alert" mb="md">
        {t('products.notFound')}
      </Alert>
      <Anchor component={Link} to="/products">
        {t('products.back')}
      </Anchor>
    </>
  );
}

function ProductForm({ product }: { product: Product | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const shop = useShop();
  const emailToVerify = useEmailToVerify();
  const [values, setValues] = useState<Values>(product ? valuesOf(product) : EMPTY);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [aiNote, setAiNote] = useState<string | null>(null);
  const [aiError, setAiError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  useEffect(() => {
    if (product) setValues(valuesOf(product));
  }, [product]);

  const set = <F extends keyof Values>(field: F, value: Values[F]) => setValues((current) => ({ ...current, [field]: value }));

  const save = useMutation({
    mutationFn: async (body: ProductBody) =>
      product
        ? (await unwrap(api.PATCH('/api/v1/merchant/products/{id}', { params: { path: { id: product.id } }, body }))).data
        : (await unwrap(api.POST('/api/v1/merchant/products', { body }))).data,
    onSuccess: async (saved) => {
      // A category's product count may have changed too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.products.all }),
        queryClient.invalidateQueries({ queryKey: keys.categories.all }),
      ]);
      if (product) {
        notifications.show({ color: 'teal', message: t('products.saved') });
      } else {
        notifications.show({ color: 'teal', message: t('products.created', { name: saved.name }) });
        await navigate('/products');
      }
    },
    onError: (error) => setErrors(formErrorsOf(error, FIELDS, t('common.error'))),
  });

  const writeWithAi = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/v1/ai/generate', {
          body: {
            // The shop is the business; the product is what the text is about.
            business_name: (shop.data?.name ?? values.name).slice(0, 100),
            activity: values.name.trim().slice(0, 50),
            location: '',
            ...(values.description.trim() ? { extra_details: values.description.trim().slice(0, 200) } : {}),
            type: 'product_description',
          },
        }),
      ),
    onSuccess: (generated) => {
      if (typeof generated.content === 'string') set('description', generated.content);
      setAiError(null);
      setAiNote(
        [
          t('products.aiWritten'),
          generated.remaining_attempts === null ? null : t('products.attemptsLeft', { count: generated.remaining_attempts }),
        ]
          .filter(Boolean)
          .join(' '),
      );
      void queryClient.invalidateQueries({ queryKey: keys.shop });
    },
    onError: (error) => {
      setAiNote(null);
      setAiError(error instanceof ApiError ? error.message : t('common.error'));
    },
  });

  const remove = useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/v1/merchant/products/{id}', { params: { path: { id: product!.id } } })),
    onSuccess: async () => {
      setConfirming(false);
      queryClient.removeQueries({ queryKey: keys.products.detail(product!.id) });
      // Out of the cached list at once, so the list never shows it again while it is read afresh.
      queryClient.setQueryData<InfiniteData<CursorPage<Product>>>(keys.products.list, (list) =>
        list ? { ...list, pages: list.pages.map((page) => ({ ...page, data: page.data.filter((row) => row.id !== product!.id) })) } : list,
      );
      await queryClient.invalidateQueries({ queryKey: keys.products.list });
      notifications.show({ color: 'teal', message: t('products.deleted', { name: product!.name }) });
      await navigate('/products');
    },
    onError: (error) => setDeleteError(error instanceof ApiError ? error.message : t('common.error')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refused = numberErrors<Field>({ price: values.price, stock: values.stock }, LIMITS, t);
    setErrors(refused);
    if (Object.keys(refused).length === 0) save.mutate(bodyOf(values, product));
  };

  const askAi = () => {
    if (!values.name.trim()) {
      setErrors((current) => ({ ...current, name: t('products.aiNeedsName') }));
      return;
    }
    writeWithAi.mutate();
  };

  return (
    <>
      <PageTitle>{product ? product.name : t('products.newTitle')}</PageTitle>
      <Anchor component={Link} to="/products" size="sm" mb="md" display="inline-block">
        {t('products.back')}
      </Anchor>
      <Paper withBorder p="lg" radius="md" maw={640}>
        <form onSubmit={submit} noValidate>
          <Stack>
            {errors.form && (
              <Alert color="red" role="alert">
                {errors.form}
              </Alert>
            )}
            <TextInput
              label={t('products.name')}
              required
              value={values.name}
              onChange={(e) => set('name', e.currentTarget.value)}
              error={errors.name}
            />
            <Textarea
              label={t('products.description')}
              autosize
              minRows={3}
              value={values.description}
              onChange={(e) => set('description', e.currentTarget.value)}
              error={errors.description}
            />
            <Group gap="sm" align="center">
              <Button type="button" variant="outline" onClick={askAi} loading={writeWithAi.isPending} disabled={emailToVerify !== null}>
                {t('products.writeWithAi')}
              </Button>
              <Text size="sm" c="dimmed" role="status" aria-live="polite">
                {aiNote}
              </Text>
            </Group>
            {emailToVerify !== null && <VerifyEmailNotice email={emailToVerify} />}
            {aiError && (
              <Alert color="red" role="alert">
                {aiError}
              </Alert>
            )}
            <NumberInput
              label={t('products.price')}
              required
              clampBehavior="none"
              decimalScale={2}
              fixedDecimalScale
              hideControls
              inputMode="decimal"
              value={values.price}
              onChange={(value) => set('price', value)}
              error={errors.price}
            />
            <NumberInput
              label={t('products.stock')}
              description={t('products.stockHint')}
              clampBehavior="none"
              hideControls
              inputMode="numeric"
              value={values.stock}
              onChange={(value) => set('stock', value)}
              error={errors.stock}
            />
            <CategorySelect value={values.category_id} onChange={(value) => set('category_id', value)} error={errors.category_id} />
            <ImageUpload
              label={t('products.image')}
              description={t('products.imageHint')}
              value={values.image_url.trim()}
              onChange={(url) => set('image_url', url)}
            />
            <TextInput
              label={t('products.imageUrl')}
              description={t('products.imageUrlHint')}
              type="url"
              value={values.image_url}
              onChange={(e) => set('image_url', e.currentTarget.value)}
              error={errors.image_url}
            />
            <Switch
              label={t('products.active')}
              checked={values.is_active}
              onChange={(e) => set('is_active', e.currentTarget.checked)}
              error={errors.is_active}
            />
            <Group justify="space-between">
              <Button type="submit" loading={save.isPending}>
                {t('common.save')}
              </Button>
              {product && (
                <Button
                  type="button"
                  color="red.8"
                  variant="outline"
                  onClick={() => {
                    setDeleteError(null);
                    setConfirming(true);
                  }}
                >
                  {t('products.delete')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Paper>
      {product && (
        <Modal
          closeButtonProps={{ 'aria-label': t('common.close') }}
          opened={confirming}
          onClose={() => setConfirming(false)}
          title={t('products.deleteTitle', { name: product.name })}
          centered
        >
          <Stack>
            <Text>{t('products.deleteText')}</Text>
            {deleteError && (
              <Alert color="red" role="alert">
                {deleteError}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                {t('common.cancel')}
              </Button>
              <Button color="red.8" onClick={() => remove.mutate()} loading={remove.isPending}>
                {t('products.deleteConfirm')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </>
  );
}
