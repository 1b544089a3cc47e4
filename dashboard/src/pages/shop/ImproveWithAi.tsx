import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@client';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../../api/client';
import { ApiError } from '../../api/errors';
import { formErrorsOf, type FormErrors } from '../../api/form-errors';
import { useEmailToVerify } from '../../api/me';
import { keys } from '../../api/query-keys';
import { VerifyEmailNotice } from '../../components/VerifyEmailNotice';

type Shop = components['schemas']['ShopResource'];
type Job = components['schemas']['AiJobResponse'];

const FIELDS = ['tone', 'target_audience', 'keywords', 'allow_reenhancement'] as const;
type Field = (typeof FIELDS)[number];

const FIELD_LABELS = {
  description: 'shop.description',
  seo_title: 'shop.seoTitle',
  seo_description: 'shop.seoDescription',
  slogan: 'shop.slogan',
  tags: 'shop.tags',
} as const;

const FINISHED: ReadonlyArray<Job['status']> = ['succeeded', 'failed', 'rejected'];
/** How often a queued or running job is asked about (the AI module sends no event for it). */
const POLL_MS = 1000;

/**
 * "Improve with AI" (decisions §8): the optional wishes in a dialog, then the job's progress
 * (`GET /api/v1/ai/jobs/{id}`, asked every second until it ends); on success the profile is read
 * again, so the improved fields and "AI-enhanced" show.
 */
export function ImproveWithAi({ shop }: { shop: Shop }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const emailToVerify = useEmailToVerify();
  const [open, setOpen] = useState(false);
  const [tone, setTone] = useState('');
  const [audience, setAudience] = useState('');
  const [keywords, setKeywords] = useState('');
  const [again, setAgain] = useState(false);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [jobId, setJobId] = useState<string | null>(null);

  const start = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/v1/ai/optimize-profile', {
          body: {
            ...(tone.trim() ? { tone: tone.trim() } : {}),
            ...(audience.trim() ? { target_audience: audience.trim() } : {}),
            ...(keywords.trim()
              ? {
                  keywords: keywords
                    .split(',')
                    .map((word) => word.trim())
                    .filter(Boolean),
                }
              : {}),
            ...(shop.is_ai_enhanced ? { allow_reenhancement: again } : {}),
          },
        }),
      ),
    onSuccess: (queued) => {
      queryClient.setQueryData<Shop>(keys.shop, (current) => (current ? { ...current, ai_credits: queued.remaining_credits } : current));
      setJobId(queued.job_id);
      setOpen(false);
    },
    onError: (error) => setErrors(formErrorsOf(error, FIELDS, error instanceof ApiError ? error.message : t('common.error'))),
  });

  const job = useQuery({
    queryKey: keys.aiJob(jobId ?? ''),
    queryFn: () => unwrap(api.GET('/api/v1/ai/jobs/{job_id}', { params: { path: { job_id: jobId! } } })),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data && FINISHED.includes(query.state.data.status) ? false : POLL_MS),
  });

  const status = job.data?.status;
  useEffect(() => {
    // The job changed the profile (or gave the credit back): read the shop again.
    if (status && FINISHED.includes(status)) void queryClient.invalidateQueries({ queryKey: keys.shop });
  }, [status, queryClient]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    start.mutate();
  };

  const running = jobId !== null && (!status || !FINISHED.includes(status));

  return (
    <>
      <Group gap="sm" align="center">
        <Button
          variant="outline"
          color="grape"
          onClick={() => {
            setErrors({});
            setOpen(true);
          }}
          disabled={running || emailToVerify !== null}
        >
          {t('shop.improve')}
        </Button>
        <div role="status" aria-live="polite" aria-label={t('shop.progress')}>
          {jobId !== null && <JobProgress job={job.data} error={job.error} />}
        </div>
      </Group>
      {emailToVerify !== null && <VerifyEmailNotice email={emailToVerify} />}
      <Modal
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={open}
        onClose={() => setOpen(false)}
        title={t('shop.improveTitle')}
      >
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">{t('shop.improveText')}</Text>
            {errors.form && (
              <Alert color="red" role="alert">
                {errors.form}
              </Alert>
            )}
            <TextInput
              label={t('shop.tone')}
              placeholder={t('shop.tonePlaceholder')}
              value={tone}
              onChange={(e) => setTone(e.currentTarget.value)}
              error={errors.tone}
            />
            <TextInput
              label={t('shop.audience')}
              placeholder={t('shop.audiencePlaceholder')}
              value={audience}
              onChange={(e) => setAudience(e.currentTarget.value)}
              error={errors.target_audience}
            />
            <TextInput
              label={t('shop.keywords')}
              description={t('shop.keywordsHint')}
              value={keywords}
              onChange={(e) => setKeywords(e.currentTarget.value)}
              error={errors.keywords}
            />
            {shop.is_ai_enhanced && (
              <Checkbox
                label={t('shop.reenhance')}
                checked={again}
                onChange={(e) => setAgain(e.currentTarget.checked)}
                error={errors.allow_reenhancement}
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" color="grape" loading={start.isPending}>
                {t('shop.start')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

function JobProgress({ job, error }: { job: Job | undefined; error: unknown }) {
  const { t } = useTranslation();
  if (error)
    return (
      <Text size="sm" c="red.8">
        {error instanceof ApiError ? error.message : t('common.error')}
      </Text>
    );
  if (!job || job.status === 'queued' || job.status === 'running') {
    return (
      <Group gap="xs">
        <Loader size="xs" aria-hidden />
        <Text size="sm">{t(job?.status === 'running' ? 'shop.running' : 'shop.queued')}</Text>
      </Group>
    );
  }
  if (job.status === 'succeeded') {
    return (
      <Text size="sm" c="teal.9">
        {t('shop.succeeded', { fields: job.enhanced_fields.map((field) => t(FIELD_LABELS[field])).join(', ') })}
      </Text>
    );
  }
  return (
    <Text size="sm" c="red.8">
      {t('shop.failed', { error: job.error ?? t('common.error') })}
    </Text>
  );
}
