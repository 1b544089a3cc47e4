import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Badge, Button, Center, Group, Loader, Paper, SimpleGrid, Table, Text, TextInput, Title } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { components } from '@client';
import { api, unwrap } from '../../api/client';
import { ApiError, fieldErrorsOf } from '../../api/errors';
import { keys } from '../../api/query-keys';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { formatDateTime } from '../../format/dates';
import { PageLoader } from '../../layout/Layout';

type ExportRow = components['schemas']['ExportListItem'];

/** The language a file is written in: the page's. */
const fileLanguage = (language: string): 'es' | 'en' => (language === 'es' ? 'es' : 'en');
type ExportStatus = ExportRow['status'];

const STATUS_COLORS: Record<ExportStatus, string> = {
  queued: 'gray',
  processing: 'blue',
  ready: 'teal',
  failed: 'red',
  expired: 'gray',
};

/** While a file is being written, a slow poll backs up the `export.ready` event (a missed event still ends). */
const PENDING_POLL_MS = 30_000;

/**
 * Exports (dashboard.md): "Export orders" and a "Sales report" for chosen days, both written by a
 * worker; the table "Exports" lists them newest first, and a row turns Ready by itself when the
 * worker is done (Socket.IO `export.ready` refreshes the list). "Download" is a freshly signed link
 * (`GET /api/v1/exports/{id}`) to the CSV.
 */
export default function ExportsPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);

  const list = useInfiniteQuery({
    queryKey: keys.exports.list,
    queryFn: ({ pageParam }) => unwrap(api.GET('/api/v1/exports', { params: { query: pageParam ? { cursor: pageParam } : {} } })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? null,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.data.some((row) => row.status === 'queued' || row.status === 'processing'))
        ? PENDING_POLL_MS
        : false,
  });

  const exportOrders = useMutation({
    // A file for people, in the page's language (headers, values, the shop's times, the branch).
    mutationFn: () => unwrap(api.POST('/api/v1/exports/orders', { body: { language: fileLanguage(i18n.language) } })),
    onMutate: () => setNotice(null),
    onSuccess: () => setNotice(t('exports.exportQueued')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.exports.all }),
  });

  const rows = list.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <>
      <PageTitle
        actions={
          <Button onClick={() => exportOrders.mutate()} loading={exportOrders.isPending}>
            {t('exports.exportOrders')}
          </Button>
        }
      >
        {t('exports.title')}
      </PageTitle>
      {exportOrders.isError && <RequestError error={exportOrders.error} />}
      {notice && (
        <Alert color="teal" role="status" mb="md" withCloseButton onClose={() => setNotice(null)} closeButtonLabel={t('common.close')}>
          {notice}
        </Alert>
      )}
      <SalesReportForm onQueued={() => setNotice(t('exports.reportQueued'))} />

      <Title order={2} size="h4" mt="lg" mb="sm">
        {t('exports.files')}
      </Title>
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <QueryError error={list.error} />
      ) : rows.length === 0 ? (
        <Text py="md">{t('exports.empty')}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={480}>
            <Table aria-label={t('exports.table')} striped verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('exports.requested')}</Table.Th>
                  <Table.Th scope="col">{t('exports.kind')}</Table.Th>
                  <Table.Th scope="col">{t('exports.status')}</Table.Th>
                  <Table.Th scope="col">{t('exports.file')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id} data-export-id={row.id}>
                    <Table.Td>{formatDateTime(row.created_at)}</Table.Td>
                    <Table.Td>{t(`exports.kinds.${row.kind}`)}</Table.Td>
                    <Table.Td>
                      <Badge color={`${STATUS_COLORS[row.status]}.9`} variant={row.status === 'ready' ? 'filled' : 'outline'} radius="sm">
                        {t(`exports.statuses.${row.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{row.status === 'ready' ? <DownloadLink row={row} /> : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {list.hasNextPage && (
            <Center mt="md">
              <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
                {t('exports.loadMore')}
              </Button>
            </Center>
          )}
        </>
      )}
    </>
  );
}

/** "Download": the file's freshly signed link (valid 30 minutes; signed again after 20). */
function DownloadLink({ row }: { row: ExportRow }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: keys.exports.detail(row.id),
    queryFn: () => unwrap(api.GET('/api/v1/exports/{id}', { params: { path: { id: row.id } } })),
    staleTime: 20 * 60_000,
    refetchInterval: 20 * 60_000,
  });
  const url = detail.data?.data.download_url;
  if (detail.isPending) return <Loader size="xs" aria-label={t('app.loading')} />;
  if (!url) return <>—</>;
  return (
    <Group gap="xs" wrap="nowrap">
      <Anchor href={url} download fw={600}>
        {t('exports.download')}
      </Anchor>
      {row.row_count !== null && (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('exports.rows', { count: row.row_count })}
        </Text>
      )}
    </Group>
  );
}

/** The day `days` before today in the browser's calendar, as a date input's value. */
function dayBefore(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() - days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** "Sales report": From and To (default: the last 30 days), then the request. */
function SalesReportForm({ onQueued }: { onQueued: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [from, setFrom] = useState(() => dayBefore(29));
  const [to, setTo] = useState(() => dayBefore(0));
  const report = useMutation({
    mutationFn: () =>
      unwrap(api.POST('/api/v1/reports/sales', { body: { from: from || null, to: to || null, language: fileLanguage(i18n.language) } })),
    onSuccess: onQueued,
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.exports.all }),
  });
  const errors = fieldErrorsOf(report.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    report.mutate();
  };
  const otherError = report.error instanceof ApiError && !errors.from && !errors.to ? report.error : null;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="sales-report">
      <Title order={2} size="h4" id="sales-report">
        {t('exports.salesReport')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('exports.salesReportHint')}
      </Text>
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" verticalSpacing="sm">
          <TextInput
            type="date"
            label={t('exports.from')}
            value={from}
            onChange={(event) => setFrom(event.currentTarget.value)}
            error={errors.from}
          />
          <TextInput
            type="date"
            label={t('exports.to')}
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
            error={errors.to}
          />
          <Button type="submit" loading={report.isPending} mt={{ base: 0, xs: 25 }}>
            {t('exports.requestReport')}
          </Button>
        </SimpleGrid>
      </form>
      {otherError && <RequestError error={otherError} />}
    </Paper>
  );
}

function RequestError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" my="md">
      {error instanceof ApiError ? error.message : t('common.error')}
    </Alert>
  );
}
