import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Checkbox, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { api, unwrap } from '../../api/client';
import { ApiError } from '../../api/errors';
import { signedIn, takeSessionEndReason } from '../../api/session';
import { PageTitle } from '../../components/PageTitle';
import { AuthFrame } from '../../layout/AuthFrame';

interface Arrival {
  from?: string;
}

/** Sign in by a one-time code sent to the e-mail address (decisions §3): email, code, signed in. */
export default function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const arrival = (useLocation().state ?? {}) as Arrival;
  const [notice] = useState(() => {
    const ended = takeSessionEndReason();
    return ended === 'expired' ? t('session.expired') : ended === 'signed-out' ? t('session.signedOut') : null;
  });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [session, setSession] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ email?: string; code?: string; form?: string }>({});
  const [needsRegistration, setNeedsRegistration] = useState(false);

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setNeedsRegistration(false);
    try {
      const answer = await unwrap(api.POST('/api/v1/otp/generate', { body: { identifier: email.trim() } }));
      setSession(answer.uuid);
      setCode('');
    } catch (error) {
      setErrors(error instanceof ApiError ? { email: error.field('identifier') ?? error.message } : { form: t('common.error') });
    } finally {
      setBusy(false);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!session) return;
    setBusy(true);
    setErrors({});
    try {
      const answer = await unwrap(api.POST('/api/v1/otp/verify', { body: { uuid: session, otp_code: code.trim() } }));
      if (answer.requires_registration || !('token' in answer)) {
        setNeedsRegistration(true);
        return;
      }
      signedIn(answer.token, remember);
      await navigate(arrival.from && arrival.from !== '/sign-in' ? arrival.from : '/', { replace: true });
    } catch (error) {
      setErrors(
        error instanceof ApiError ? { code: error.field('otp_code') ?? error.field('uuid') ?? error.message } : { form: t('common.error') },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame>
      <PageTitle>{t('signIn.title')}</PageTitle>
      <Paper withBorder p="lg" radius="md">
        <Stack>
          {notice && (
            <Alert color="blue" role="status">
              {notice}
            </Alert>
          )}
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          {session === null ? (
            <form onSubmit={(event) => void sendCode(event)} noValidate>
              <Stack>
                <TextInput
                  label={t('signIn.email')}
                  type="email"
                  autoComplete="email"
                  required
                  value={email}
                  onChange={(event) => setEmail(event.currentTarget.value)}
                  error={errors.email}
                  data-autofocus
                />
                <Button type="submit" loading={busy}>
                  {t('signIn.sendCode')}
                </Button>
              </Stack>
            </form>
          ) : (
            <form onSubmit={(event) => void verify(event)} noValidate>
              <Stack>
                <Text size="sm" role="status">
                  {t('signIn.codeSent', { email })}
                </Text>
                <TextInput
                  label={t('signIn.code')}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  required
                  value={code}
                  onChange={(event) => setCode(event.currentTarget.value)}
                  error={errors.code}
                  autoFocus
                />
                <Checkbox
                  label={t('signIn.rememberDevice')}
                  checked={remember}
                  onChange={(event) => setRemember(event.currentTarget.checked)}
                />
                {needsRegistration && (
                  <Alert color="yellow" role="alert">
                    {t('signIn.noAccount')}{' '}
                    <Anchor component={Link} to={`/register?email=${encodeURIComponent(email)}`}>
                      {t('signIn.createShop')}
                    </Anchor>
                  </Alert>
                )}
                <Button type="submit" loading={busy}>
                  {t('signIn.submit')}
                </Button>
                <Button variant="subtle" onClick={() => setSession(null)}>
                  {t('signIn.otherEmail')}
                </Button>
              </Stack>
            </form>
          )}
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/register">
              {t('signIn.createShop')}
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </AuthFrame>
  );
}
