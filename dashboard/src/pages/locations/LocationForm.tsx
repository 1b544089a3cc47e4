import { useState, type FormEvent } from 'react';
import { Alert, Button, NumberInput, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@client';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../../api/client';
import { numberErrors } from '../../api/number-limits';
import { formErrorsOf, type FormErrors } from '../../api/form-errors';
import { keys } from '../../api/query-keys';

type Location = components['schemas']['LocationResource'];
type LocationBody = components['schemas']['CreateLocationDto'];

const FIELDS = ['name', 'address', 'phone', 'delivery_fee', 'is_primary', 'is_active'] as const;
type Field = (typeof FIELDS)[number];

interface Values {
  name: string;
  address: string;
  phone: string;
  delivery_fee: string | number;
  is_primary: boolean;
  is_active: boolean;
}

/** A location's form (new or existing). Making one primary makes the previous primary an ordinary one (the API does it). */
export function LocationForm({ location, onSaved }: { location: Location | null; onSaved: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => ({
    name: location?.name ?? '',
    address: location?.address ?? '',
    phone: location?.phone ?? '',
    delivery_fee: location ? location.delivery_fee : '',
    is_primary: location?.is_primary ?? false,
    is_active: location?.is_active ?? true,
  }));
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const set = <F extends keyof Values>(field: F, value: Values[F]) => setValues((current) => ({ ...current, [field]: value }));

  const save = useMutation({
    mutationFn: async (body: LocationBody) =>
      location
        ? (await unwrap(api.PATCH('/api/v1/merchant/locations/{id}', { params: { path: { id: location.id } }, body }))).data
        : (await unwrap(api.POST('/api/v1/merchant/locations', { body }))).data,
    onSuccess: async (saved) => {
      // Another location may have stopped being primary: the whole list is read again.
      await queryClient.invalidateQueries({ queryKey: keys.locations.all });
      notifications.show({ color: 'teal', message: t('locations.saved', { name: saved.name }) });
      onSaved();
    },
    onError: (error) => setErrors(formErrorsOf(error, FIELDS, t('common.error'))),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The API's bound (CreateLocationDto: a delivery fee ≥ 0), refused at the field before sending.
    const refused = numberErrors<Field>({ delivery_fee: values.delivery_fee }, { delivery_fee: { min: 0 } }, t);
    setErrors(refused);
    if (Object.keys(refused).length > 0) return;
    save.mutate({
      name: values.name.trim(),
      address: values.address.trim() === '' ? null : values.address.trim(),
      phone: values.phone.trim() === '' ? null : values.phone.trim(),
      delivery_fee: values.delivery_fee === '' ? 0 : Number(values.delivery_fee),
      is_primary: values.is_primary,
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
        <TextInput
          label={t('locations.name')}
          required
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
        />
        <Textarea
          label={t('locations.address')}
          autosize
          minRows={2}
          value={values.address}
          onChange={(e) => set('address', e.currentTarget.value)}
          error={errors.address}
        />
        <TextInput
          label={t('locations.phone')}
          description={t('locations.phoneHint')}
          type="tel"
          autoComplete="tel"
          value={values.phone}
          onChange={(e) => set('phone', e.currentTarget.value)}
          error={errors.phone}
        />
        <NumberInput
          label={t('locations.deliveryFee')}
          clampBehavior="none"
          decimalScale={2}
          fixedDecimalScale
          hideControls
          inputMode="decimal"
          value={values.delivery_fee}
          onChange={(value) => set('delivery_fee', value)}
          error={errors.delivery_fee}
        />
        <Switch
          label={t('locations.primary')}
          description={t('locations.primaryHint')}
          checked={values.is_primary}
          onChange={(e) => set('is_primary', e.currentTarget.checked)}
          error={errors.is_primary}
        />
        <Switch
          label={t('locations.active')}
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
