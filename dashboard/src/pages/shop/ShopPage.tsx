import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@client';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../../api/client';
import { formErrorsOf, type FormErrors } from '../../api/form-errors';
import { keys } from '../../api/query-keys';
import { useShop } from '../../api/shop';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { PageLoader } from '../../layout/Layout';
import { ContactSettings } from './ContactSettings';
import { ImproveWithAi } from './ImproveWithAi';
import { PaymentSettings } from './PaymentSettings';

type Shop = components['schemas']['ShopResource'];

const FIELDS = ['name', 'description', 'slogan', 'seo_title', 'seo_description', 'tags'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

function valuesOf(shop: Shop): Values {
  return {
    name: shop.name,
    description: shop.description ?? '',
    slogan: shop.slogan ?? '',
    seo_title: shop.seo_title ?? '',
    seo_description: shop.seo_description ?? '',
    tags: shop.tags.join(', '),
  };
}

/** "a, b, , c" → ['a', 'b', 'c'] (the API also drops blanks and repeats). */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * Shop profile (dashboard.md): edit the public profile, see the AI credits, improve it with AI, open
 * the public page, the contact details, the payment methods.
 */
export default function ShopPage() {
  const { t } = useTranslation();
  const shop = useShop();

  return (
    <>
      <PageTitle>{t('shop.title')}</PageTitle>
      {shop.isPending ? <PageLoader /> : shop.isError ? <QueryError error={shop.error} /> : <ShopProfile shop={shop.data} />}
    </>
  );
}

function ShopProfile({ shop }: { shop: Shop }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => valuesOf(shop));
  const [errors, setErrors] = useState<FormErrors<Field>>({});

  // The profile as the server has it now (after a save, or after the AI changed it).
  useEffect(() => setValues(valuesOf(shop)), [shop]);

  const set = (field: Field) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  const save = useMutation({
    mutationFn: async (body: components['schemas']['UpdateShopDto']) => (await unwrap(api.PATCH('/api/v1/merchant/shop', { body }))).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(keys.shop, saved);
      notifications.show({ color: 'teal', message: t('shop.saved') });
    },
    onError: (error) => setErrors(formErrorsOf(error, FIELDS, t('common.error'))),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const text = (value: string) => (value.trim() === '' ? null : value.trim());
    save.mutate({
      name: values.name.trim(),
      description: text(values.description),
      slogan: text(values.slogan),
      seo_title: text(values.seo_title),
      seo_description: text(values.seo_description),
      tags: splitList(values.tags),
    });
  };

  return (
    <Stack maw={760}>
      <Group gap="sm">
        <Text fw={600}>{t('shop.credits', { count: shop.ai_credits })}</Text>
        {shop.is_ai_enhanced && (
          <Badge color="grape" variant="outline">
            {t('shop.aiEnhanced')}
          </Badge>
        )}
        <Anchor href={shop.storefront_url} target="_blank" rel="noopener" ml="auto">
          {t('shop.publicPage')}
        </Anchor>
      </Group>
      <ImproveWithAi shop={shop} />
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={submit} noValidate>
          <Stack>
            {errors.form && (
              <Alert color="red" role="alert">
                {errors.form}
              </Alert>
            )}
            <TextInput label={t('shop.name')} required value={values.name} onChange={set('name')} error={errors.name} />
            <Textarea
              label={t('shop.description')}
              autosize
              minRows={3}
              value={values.description}
              onChange={set('description')}
              error={errors.description}
            />
            <TextInput label={t('shop.slogan')} value={values.slogan} onChange={set('slogan')} error={errors.slogan} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('shop.seoTitle')} value={values.seo_title} onChange={set('seo_title')} error={errors.seo_title} />
              <TextInput
                label={t('shop.tags')}
                description={t('shop.tagsHint')}
                value={values.tags}
                onChange={set('tags')}
                error={errors.tags}
              />
            </SimpleGrid>
            <Textarea
              label={t('shop.seoDescription')}
              autosize
              minRows={2}
              value={values.seo_description}
              onChange={set('seo_description')}
              error={errors.seo_description}
            />
            <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
              {t('common.save')}
            </Button>
          </Stack>
        </form>
      </Paper>
      <ContactSettings shop={shop} />
      <PaymentSettings shop={shop} />
    </Stack>
  );
}
