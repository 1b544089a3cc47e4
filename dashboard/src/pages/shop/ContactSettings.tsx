import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@client';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../../api/client';
import { formErrorsOf, type FormErrors } from '../../api/form-errors';
import { keys } from '../../api/query-keys';
import { ImageUpload } from '../../components/ImageUpload';

type Shop = components['schemas']['ShopResource'];

const NETWORKS = ['facebook', 'instagram', 'tiktok'] as const;
type Network = (typeof NETWORKS)[number];
const TEXT_FIELDS = ['phone', 'whatsapp', 'email', 'address', 'logo_url'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
/** The fields a 422 may name: a network's link at `social_links.<network>` (another path is shown above the form). */
const FIELDS = [...TEXT_FIELDS, ...NETWORKS.map((network) => `social_links.${network}` as const)] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<TextField | Network, string>;

function valuesOf(shop: Shop): Values {
  return {
    phone: shop.phone ?? '',
    whatsapp: shop.whatsapp ?? '',
    email: shop.email ?? '',
    address: shop.address ?? '',
    logo_url: shop.logo_url ?? '',
    facebook: shop.social_links.facebook ?? '',
    instagram: shop.social_links.instagram ?? '',
    tiktok: shop.social_links.tiktok ?? '',
  };
}

/**
 * The shop's contact (docs/dashboard.md, "Shop profile"): phone, WhatsApp, email, address, logo and
 * the Facebook, Instagram and TikTok links its page shows. Its own form and button, as the payment
 * methods have, so that saving it never sends the profile's fields. A field left empty is cleared;
 * the service checks each value and its refusal is shown at the field.
 */
export function ContactSettings({ shop }: { shop: Shop }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => valuesOf(shop));
  const [errors, setErrors] = useState<FormErrors<Field>>({});

  useEffect(() => setValues(valuesOf(shop)), [shop]);

  const set = (field: TextField | Network) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  const save = useMutation({
    mutationFn: async (body: components['schemas']['UpdateShopDto']) => (await unwrap(api.PATCH('/api/v1/merchant/shop', { body }))).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(keys.shop, saved);
      notifications.show({ color: 'teal', message: t('shop.contactSaved'), closeButtonProps: { 'aria-label': t('common.close') } });
    },
    onError: (error) => setErrors(formErrorsOf(error, FIELDS, t('common.error'))),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const text = (value: string) => (value.trim() === '' ? null : value.trim());
    save.mutate({
      phone: text(values.phone),
      whatsapp: text(values.whatsapp),
      email: text(values.email),
      address: text(values.address),
      logo_url: text(values.logo_url),
      social_links: { facebook: text(values.facebook), instagram: text(values.instagram), tiktok: text(values.tiktok) },
    });
  };

  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <div>
            <Title order={2} size="h4">
              {t('shop.contact')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('shop.contactHint')}
            </Text>
          </div>
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('shop.phone')}
              description={t('shop.phoneHint')}
              type="tel"
              autoComplete="tel"
              value={values.phone}
              onChange={set('phone')}
              error={errors.phone}
            />
            <TextInput
              label={t('shop.whatsapp')}
              description={t('shop.whatsappHint')}
              type="tel"
              placeholder="+50499990000"
              value={values.whatsapp}
              onChange={set('whatsapp')}
              error={errors.whatsapp}
            />
          </SimpleGrid>
          <TextInput
            label={t('shop.email')}
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={set('email')}
            error={errors.email}
          />
          <Textarea
            label={t('shop.address')}
            autosize
            minRows={2}
            value={values.address}
            onChange={set('address')}
            error={errors.address}
          />
          <ImageUpload
            label={t('shop.logo')}
            description={t('shop.logoHint')}
            value={values.logo_url.trim()}
            onChange={(url) => setValues((current) => ({ ...current, logo_url: url }))}
          />
          <TextInput
            label={t('shop.logoUrl')}
            description={t('shop.logoUrlHint')}
            type="url"
            placeholder="https://"
            value={values.logo_url}
            onChange={set('logo_url')}
            error={errors.logo_url}
          />
          {NETWORKS.map((network) => (
            <TextInput
              key={network}
              label={t(`shop.${network}`)}
              description={t('shop.socialHint')}
              type="url"
              placeholder="https://"
              value={values[network]}
              onChange={set(network)}
              error={errors[`social_links.${network}`]}
            />
          ))}
          <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('shop.updateContact')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
