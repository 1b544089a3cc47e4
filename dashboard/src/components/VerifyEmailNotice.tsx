import { useState, type KeyboardEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSendEmailCode, useVerifyEmailCode } from '../api/email-verification';
import { ApiError } from '../api/errors';

const CODE = /^\d{6}$/;

/**
 * Where an AI button is, for a user whose email is not proven yet (the API refuses them AI with a
 * 403): how to prove it, here and now. "Send code" mails a one-time code to their address; the code
 * entered, the email is verified and the AI buttons work (dashboard.md, "Verifying the email").
 */
export function VerifyEmailNotice({ email }: { email: string }) {
  const { t } = useTranslation();
  const send = useSendEmailCode();
  const verify = useVerifyEmailCode();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const uuid = send.data ?? null;

  const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : t('common.error'));

  const sendCode = () => {
    verify.reset();
    setCodeError(null);
    setCode('');
    send.mutate(email);
  };

  const submit = () => {
    if (!uuid) return;
    const entered = code.trim();
    if (!CODE.test(entered)) {
      setCodeError(t('verifyEmail.codeFormat'));
      return;
    }
    setCodeError(null);
    verify.mutate(
      { uuid, code: entered },
      {
        onError: (error) =>
          setCodeError(
            error instanceof ApiError
              ? (error.fieldErrors.otp_code?.[0] ?? error.fieldErrors.uuid?.[0] ?? error.message)
              : messageOf(error),
          ),
      },
    );
  };

  const verifyOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    submit();
  };

  return (
    <Alert
      color="yellow"
      variant="light"
      title={t('verifyEmail.title')}
      // Mantine's yellow title is under AA's 4.5:1 on its light background: the text colour instead.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      data-testid="verify-email-notice"
    >
      <Stack gap="sm">
        <Text size="sm">{t('verifyEmail.text', { email })}</Text>
        <Group gap="sm" align="center">
          <Button type="button" size="xs" variant={uuid ? 'default' : 'filled'} onClick={sendCode} loading={send.isPending}>
            {uuid ? t('verifyEmail.sendAgain') : t('verifyEmail.send')}
          </Button>
          <Text size="sm" role="status" aria-live="polite">
            {uuid && !send.isPending ? t('verifyEmail.sent', { email }) : null}
          </Text>
        </Group>
        {send.isError && (
          <Text size="sm" c="red.8" role="alert">
            {messageOf(send.error)}
          </Text>
        )}
        {uuid && (
          // No <form> of its own: the notice may sit inside a page's form (the product's), and a
          // nested form would submit that one. Enter in the field verifies.
          <Stack gap="xs" maw={260}>
            <TextInput
              label={t('verifyEmail.code')}
              description={t('verifyEmail.codeHint')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              onKeyDown={verifyOnEnter}
              error={codeError}
            />
            <Button type="button" onClick={submit} loading={verify.isPending}>
              {t('verifyEmail.verify')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Alert>
  );
}
