import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, unwrap } from '../../api/client';
import { ApiError, fieldErrorsOf } from '../../api/errors';
import { signedIn } from '../../api/session';
import { PageTitle } from '../../components/PageTitle';
import { AuthFrame } from '../../layout/AuthFrame';

const FIELDS = ['name', 'email', 'password', 'password_confirmation', 'tenant_name'] as const;
type Field = (typeof FIELDS)[number];

/** Create a shop: a new account that owns a new shop (`POST /api/v1/register` with `tenant_name`), then signed in. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [values, setValues] = useState<Record<Field, string>>({
    name: '',
    email: params.get('email') ?? '',
    password: '',
    password_confirmation: '',
    tenant_name: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const [busy, setBusy] = useState(false);

  const set = (field: Field) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (values.password !== values.password_confirmation) {
      setErrors({ password_confirmation: t('register.passwordsDiffer') });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const answer = await unwrap(
        api.POST('/api/v1/register', {
          body: {
            name: values.name.trim(),
            email: values.email.trim(),
            password: values.password,
            password_confirmation: values.password_confirmation,
            tenant_name: values.tenant_name.trim(),
          },
        }),
      );
      signedIn(answer.data.access_token);
      await navigate('/', { replace: true });
    } catch (error) {
      if (error instanceof ApiError) {
        const fields: Partial<Record<Field | 'form', string>> = fieldErrorsOf(error);
        // A refusal that names no field of this form (409, 429) is shown above it.
        if (!FIELDS.some((field) => fields[field])) fields.form = error.message;
        setErrors(fields);
      } else {
        setErrors({ form: t('common.error') });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame>
      <PageTitle>{t('register.title')}</PageTitle>
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack>
            {errors.form && (
              <Alert color="red" role="alert">
                {errors.form}
              </Alert>
            )}
            <TextInput
              label={t('register.name')}
              autoComplete="name"
              required
              value={values.name}
              onChange={set('name')}
              error={errors.name}
            />
            <TextInput
              label={t('register.email')}
              type="email"
              autoComplete="email"
              required
              value={values.email}
              onChange={set('email')}
              error={errors.email}
            />
            <PasswordInput
              label={t('register.password')}
              description={t('register.passwordHint')}
              autoComplete="new-password"
              required
              value={values.password}
              onChange={set('password')}
              error={errors.password}
              aria-invalid={Boolean(errors.password)}
            />
            <PasswordInput
              label={t('register.confirmPassword')}
              autoComplete="new-password"
              required
              value={values.password_confirmation}
              onChange={set('password_confirmation')}
              error={errors.password_confirmation}
              aria-invalid={Boolean(errors.password_confirmation)}
            />
            <TextInput
              label={t('register.shopName')}
              autoComplete="organization"
              required
              value={values.tenant_name}
              onChange={set('tenant_name')}
              error={errors.tenant_name}
            />
            <Button type="submit" loading={busy}>
              {t('register.submit')}
            </Button>
            <Text size="sm" ta="center">
              <Anchor component={Link} to="/sign-in">
                {t('register.haveAccount')}
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Paper>
    </AuthFrame>
  );
}
