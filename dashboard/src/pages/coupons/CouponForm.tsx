import { useState, type FormEvent } from 'react';
import { Alert, Button, NativeSelect, NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@client';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../../api/client';
import { numberErrors } from '../../api/number-limits';
import { formErrorsOf, type FormErrors } from '../../api/form-errors';
import { keys } from '../../api/query-keys';

type Coupon = components['schemas']['CouponResource'];
type CouponType = Coupon['coupon_type'];
type CouponBody = components['schemas']['CreateCouponDto'];

const TYPES: CouponType[] = ['percentage', 'fixed', 'free_shipping'];
const FIELDS = [
  'code',
  'coupon_type',
  'value',
  'min_spend',
  'usage_limit',
  'per_customer_limit',
  'starts_at',
  'expires_at',
  'is_active',
] as const;
type Field = (typeof FIELDS)[number];

interface Values {
  code: string;
  coupon_type: CouponType;
  value: string | number;
  min_spend: string | number;
  usage_limit: string | number;
  per_customer_limit: string | number;
  /** `datetime-local` values: the browser's own time zone. */
  starts_at: string;
  expires_at: string;
  is_active: boolean;
}

const LOCAL = 'YYYY-MM-DDTHH:mm';
const local = (iso: string | null) => (iso ? dayjs(iso).format(LOCAL) : '');
const iso = (value: string) => (value ? dayjs(value).toISOString() : null);
const numberOrNull = (value: string | number) => (value === '' ? null : Number(value));

function valuesOf(coupon: Coupon | null): Values {
  return {
    code: coupon?.code ?? '',
    coupon_type: coupon?.coupon_type ?? 'percentage',
    value: coupon ? coupon.value : '',
    min_spend: coupon?.min_spend ?? '',
    usage_limit: coupon?.usage_limit ?? '',
    per_customer_limit: coupon?.per_customer_limit ?? '',
    starts_at: local(coupon?.starts_at ?? null),
    expires_at: local(coupon?.expires_at ?? null),
    is_active: coupon?.is_active ?? true,
  };
}

/** A coupon's form (new or existing): the fields of dashboard.md, the API's 422 messages at their fields. */
export function CouponForm({ coupon, onSaved }: { coupon: Coupon | null; onSaved: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => valuesOf(coupon));
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const set = <F extends keyof Values>(field: F, value: Values[F]) => setValues((current) => ({ ...current, [field]: value }));

  const save = useMutation({
    mutationFn: async (body: CouponBody) =>
      coupon
        ? (await unwrap(api.PATCH('/api/v1/merchant/coupons/{id}', { params: { path: { id: coupon.id } }, body }))).data
        : (await unwrap(api.POST('/api/v1/merchant/coupons', { body }))).data,
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: keys.coupons.all });
      notifications.show({ color: 'teal', message: t('coupons.saved', { code: saved.code }) });
      onSaved();
    },
    onError: (error) => setErrors(formErrorsOf(error, FIELDS, t('common.error'))),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const free = values.coupon_type === 'free_shipping';
    // The API's bounds (CreateCouponDto), refused at their fields before sending.
    const refused = numberErrors<Field>(
      {
        value: free ? '' : values.value,
        min_spend: values.min_spend,
        usage_limit: values.usage_limit,
        per_customer_limit: values.per_customer_limit,
      },
      { value: { min: 0 }, min_spend: { min: 0 }, usage_limit: { min: 1, integer: true }, per_customer_limit: { min: 1, integer: true } },
      t,
    );
    setErrors(refused);
    if (Object.keys(refused).length > 0) return;
    save.mutate({
      code: values.code.trim(),
      coupon_type: values.coupon_type,
      ...(free || values.value === '' ? {} : { value: Number(values.value) }),
      min_spend: numberOrNull(values.min_spend),
      usage_limit: numberOrNull(values.usage_limit),
      per_customer_limit: numberOrNull(values.per_customer_limit),
      starts_at: iso(values.starts_at),
      expires_at: iso(values.expires_at),
      is_active: values.is_active,
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('coupons.code')}
            required
            autoCapitalize="characters"
            value={values.code}
            onChange={(e) => set('code', e.currentTarget.value)}
            error={errors.code}
          />
          <NativeSelect
            label={t('coupons.type')}
            value={values.coupon_type}
            onChange={(e) => set('coupon_type', e.currentTarget.value as CouponType)}
            data={TYPES.map((type) => ({ value: type, label: t(`coupons.${type}`) }))}
            error={errors.coupon_type}
          />
          <NumberInput
            label={t('coupons.value')}
            description={
              values.coupon_type === 'percentage'
                ? t('coupons.valueHintPercentage')
                : values.coupon_type === 'fixed'
                  ? t('coupons.valueHintFixed')
                  : undefined
            }
            disabled={values.coupon_type === 'free_shipping'}
            clampBehavior="none"
            decimalScale={2}
            fixedDecimalScale
            hideControls
            inputMode="decimal"
            value={values.coupon_type === 'free_shipping' ? '' : values.value}
            onChange={(value) => set('value', value)}
            error={errors.value}
          />
          <NumberInput
            label={t('coupons.minimumOrder')}
            clampBehavior="none"
            decimalScale={2}
            fixedDecimalScale
            hideControls
            inputMode="decimal"
            value={values.min_spend}
            onChange={(value) => set('min_spend', value)}
            error={errors.min_spend}
          />
          <NumberInput
            label={t('coupons.usageLimit')}
            description={t('coupons.unlimitedHint')}
            clampBehavior="none"
            hideControls
            inputMode="numeric"
            value={values.usage_limit}
            onChange={(value) => set('usage_limit', value)}
            error={errors.usage_limit}
          />
          <NumberInput
            label={t('coupons.perCustomerLimit')}
            description={t('coupons.unlimitedHint')}
            clampBehavior="none"
            hideControls
            inputMode="numeric"
            value={values.per_customer_limit}
            onChange={(value) => set('per_customer_limit', value)}
            error={errors.per_customer_limit}
          />
          <TextInput
            label={t('coupons.starts')}
            type="datetime-local"
            value={values.starts_at}
            onChange={(e) => set('starts_at', e.currentTarget.value)}
            error={errors.starts_at}
          />
          <TextInput
            label={t('coupons.ends')}
            type="datetime-local"
            value={values.expires_at}
            onChange={(e) => set('expires_at', e.currentTarget.value)}
            error={errors.expires_at}
          />
        </SimpleGrid>
        <Switch
          label={t('coupons.active')}
          checked={values.is_active}
          onChange={(e) => set('is_active', e.currentTarget.checked)}
          error={errors.is_active}
        />
        <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('common.save')}
        </Button>
      </Stack>
    </form>
  );
}
