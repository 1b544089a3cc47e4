import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Stack, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@client';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../../api/client';
import { formErrorsOf, type FormErrors } from '../../api/form-errors';
import { keys } from '../../api/query-keys';

type Shop = components['schemas']['ShopResource'];
type Method = Shop['payment_methods'][number];

const FIELDS = ['payment_methods', 'bank_transfer_instructions'] as const;
type Field = (typeof FIELDS)[number];
/** The API's limit (`bank_transfer_instructions`, maxLength in the API document). */
const INSTRUCTIONS_MAX = 1000;

/**
 * The shop's payment methods (docs/commerce.md, "Payment methods"): checkboxes "Cash" and "Bank
 * transfer", and the transfer instructions, required while transfers are accepted. Its own form
 * and button, so that saving it never sends the profile's fields.
 */
export function PaymentSettings({ shop }: { shop: Shop }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [methods, setMethods] = useState<Method[]>(shop.payment_methods);
  const [instructions, setInstructions] = useState(shop.bank_transfer_instructions ?? '');
  const [errors, setErrors] = useState<FormErrors<Field>>({});

  useEffect(() => {
    setMethods(shop.payment_methods);
    setInstructions(shop.bank_transfer_instructions ?? '');
  }, [shop]);

  const save = useMutation({
    mutationFn: async (body: components['schemas']['UpdateShopDto']) => (await unwrap(api.PATCH('/api/v1/merchant/shop', { body }))).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(keys.shop, saved);
      notifications.show({ color: 'teal', message: t('shop.paymentsSaved') });
    },
    onError: (error) => setErrors(formErrorsOf(error, FIELDS, t('common.error'))),
  });

  const transfers = methods.includes('bank_transfer');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = instructions.trim();
    const found: FormErrors<Field> = {};
    if (methods.length === 0) found.payment_methods = t('shop.atLeastOneMethod');
    if (transfers && text === '') found.bank_transfer_instructions = t('shop.instructionsRequired');
    if (text.length > INSTRUCTIONS_MAX) found.bank_transfer_instructions = t('shop.instructionsTooLong', { max: INSTRUCTIONS_MAX });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // Instructions left out when transfers are not accepted: the shop's earlier text is kept for later.
    save.mutate({ payment_methods: methods, ...(text !== '' ? { bank_transfer_instructions: text } : {}) });
  };

  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            {t('shop.paymentMethods')}
          </Title>
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <Checkbox.Group
            label={t('shop.paymentMethods')}
            description={t('shop.paymentMethodsHint')}
            value={methods}
            onChange={(value) => setMethods(value)}
            error={errors.payment_methods}
          >
            <Group mt="xs">
              <Checkbox value="cash" label={t('shop.cash')} />
              <Checkbox value="bank_transfer" label={t('shop.bankTransfer')} />
            </Group>
          </Checkbox.Group>
          {transfers && (
            <Textarea
              label={t('shop.bankTransferInstructions')}
              description={t('shop.bankTransferInstructionsHint')}
              required
              autosize
              minRows={3}
              value={instructions}
              onChange={(event) => setInstructions(event.currentTarget.value)}
              error={errors.bank_transfer_instructions}
            />
          )}
          <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('shop.updatePayments')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
