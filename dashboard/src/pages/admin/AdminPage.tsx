import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../../api/client';
import { ApiError } from '../../api/errors';
import { formErrorsOf, type FormErrors } from '../../api/form-errors';
import { useMe } from '../../api/me';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { PageLoader } from '../../layout/Layout';

/** Administration (dashboard.md): super admins only; the architecture-health page and "Add AI credits". */
export default function AdminPage() {
  const { t } = useTranslation();
  const me = useMe();

  return (
    <>
      <PageTitle>{t('admin.title')}</PageTitle>
      {me.isPending ? (
        <PageLoader />
      ) : me.isError ? (
        <QueryError error={me.error} />
      ) : !me.data.is_super_admin ? (
        <Alert color="orange" role="alert">
          {t('admin.forbidden')}
        </Alert>
      ) : (
        <Stack maw={560}>
          <Paper withBorder p="lg" radius="md">
            {/* A page of the service itself (not of the dashboard): a plain link. */}
            <Anchor href="/admin/architecture-health" fw={600}>
              {t('admin.health')}
            </Anchor>
            <Text size="sm" c="dimmed">
              {t('admin.healthText')}
            </Text>
          </Paper>
          <AddCredits />
        </Stack>
      )}
    </>
  );
}

const FIELDS = ['shop', 'credits'] as const;

function AddCredits() {
  const { t } = useTranslation();
  const [shop, setShop] = useState('');
  const [credits, setCredits] = useState('');
  const [errors, setErrors] = useState<FormErrors<(typeof FIELDS)[number]>>({});
  const [added, setAdded] = useState<string | null>(null);

  const add = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/v1/admin/tenants/{id}/ai-credits', {
          params: { path: { id: shop.trim() } },
          // Left empty, the credits are absent and the API says at the field that they are required.
          body: { credits: credits === '' ? (undefined as unknown as number) : Number(credits) },
        }),
      ),
    onSuccess: (answer) => {
      setAdded(t('admin.added', { count: answer.data.ai_credits }));
      setCredits('');
    },
    onError: (error) => {
      setAdded(null);
      // No such shop (or not an id): said at the Shop field.
      if (error instanceof ApiError && error.status === 404) setErrors({ shop: error.message });
      else setErrors(formErrorsOf(error, FIELDS, t('common.error')));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    if (!shop.trim()) return setErrors({ shop: t('admin.shopHint') });
    add.mutate();
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="add-credits">
      <form onSubmit={submit} noValidate aria-labelledby="add-credits">
        <Stack>
          <Title order={2} size="h4" id="add-credits">
            {t('admin.addCredits')}
          </Title>
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          {added && (
            <Alert color="teal" role="status">
              {added}
            </Alert>
          )}
          <TextInput
            label={t('admin.shop')}
            description={t('admin.shopHint')}
            required
            value={shop}
            onChange={(e) => setShop(e.currentTarget.value)}
            error={errors.shop}
          />
          <TextInput
            label={t('admin.credits')}
            type="number"
            min={1}
            step={1}
            required
            value={credits}
            onChange={(e) => setCredits(e.currentTarget.value)}
            error={errors.credits}
          />
          <Button type="submit" loading={add.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('admin.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
