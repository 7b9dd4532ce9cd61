/**
 * Report Tickets (`#/ReportTickets/ReportTickets`, API `report-ticket`; requirements R2.11, R3.17,
 * §14): the list of the problems app users reported (filters: ticket number, search, status,
 * company, created from; sort; paging; loading, empty and error states), one ticket with its
 * images (thumbnails fetched with the token, a click opens the full size), the reply dialog (623
 * when empty; the reply is e-mailed to the app user's own address, or — after a confirmation — to
 * an unverified address typed into the ticket, marked so in the list and the ticket) and close
 * after a confirmation. `?serialNum=`
 * (the bell's link) opens that ticket. Types and rules come from domain/entities/report-ticket.ts.
 */
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  Button,
  Confirm,
  Datagrid,
  FilterButton,
  FunctionField,
  List,
  Loading,
  Pagination,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  useGetOne,
  useNotify,
  useTranslate,
} from 'react-admin';
import { Box, Card, CardContent, CardHeader, Chip, Dialog, DialogContent, DialogTitle, Grid, IconButton, Stack, Typography } from '@mui/material';
import ReplyIcon from '@mui/icons-material/Reply';
import LockIcon from '@mui/icons-material/LockOutlined';
import CloseIcon from '@mui/icons-material/Close';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useQueryClient } from '@tanstack/react-query';
import {
  reportTicketReply,
  TICKET_REPLY_MAX,
  TICKET_STATUSES,
  type ReportTicketRecord,
  type TicketAttachment,
  type TicketStatus,
} from '../../domain/entities/report-ticket';
import { routePath } from '../../domain/routes';
import { EmptyState, ErrorState } from '../../src/components/common';
import { CompanyFilterInput, ROWS_PER_PAGE } from '../../src/components/filterInputs';
import { DayInput } from '../../src/components/DayField';
import { AuthImage } from '../../src/components/AuthImage';
import { RequiredTextDialog } from '../../src/components/RequiredTextDialog';
import { useApi, useSpCall } from '../../src/hooks/useApi';
import { useIsAdmin } from '../../src/hooks/useIsAdmin';
import { formatDateTime } from '../../src/utils/date';

const BASE = routePath('reportTickets');
const STATUS_COLOR: Record<TicketStatus, 'warning' | 'info' | 'default'> = { OPEN: 'warning', REPLIED: 'info', CLOSED: 'default' };

/** A ticket's status as a coloured chip. */
function StatusChip({ status }: { status: TicketStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLOR[status]} label={translate(`resources.report-ticket.status.${status}`)} data-testid="ticket-status" />;
}

export function ReportTicketList() {
  const translate = useTranslate();
  const isAdmin = useIsAdmin();
  const filters = useMemo(
    () => [
      <TextInput key="serialNum" source="serialNum" alwaysOn resettable />,
      <TextInput key="q" source="q" label="resources.report-ticket.fields.q" alwaysOn resettable />,
      <SelectInput key="status" source="status" alwaysOn choices={TICKET_STATUSES.map((s) => ({ id: s, name: `resources.report-ticket.status.${s}` }))} />,
      <DayInput key="startTime" source="startTime" />,
      ...(isAdmin ? [<CompanyFilterInput key="companyCode" source="companyCode" />] : []),
    ],
    [isAdmin],
  );
  return (
    <List
      resource="report-ticket"
      filters={filters}
      storeKey={false}
      sort={{ field: 'createTime', order: 'DESC' }}
      perPage={20}
      exporter={false}
      actions={
        <TopToolbar>
          <FilterButton />
        </TopToolbar>
      }
      pagination={<Pagination rowsPerPageOptions={ROWS_PER_PAGE} />}
      title={translate('menu.reportTickets')}
      empty={false}
      error={<ErrorState />}
    >
      <Datagrid
        bulkActionButtons={false}
        rowClick={(id) => `${BASE}/${id}/show`}
        empty={<EmptyState message="resources.report-ticket.empty" />}
        data-testid="tickets-grid"
        sx={{ '& td': { whiteSpace: 'nowrap' }, '& td.column-subject': { whiteSpace: 'normal', minWidth: 200 } }}
      >
        <TextField source="serialNum" sx={{ fontFamily: 'monospace' }} />
        <FunctionField<ReportTicketRecord> source="status" render={(r) => <StatusChip status={r.status} />} />
        <TextField source="subject" />
        <TextField source="nickname" />
        <FunctionField<ReportTicketRecord> source="email" render={(r) => <EmailValue ticket={r} />} />
        <FunctionField<ReportTicketRecord> source="attachments" sortable={false} render={(r) => r.attachments.length || '—'} />
        {isAdmin && <TextField source="companyName" sortable={false} />}
        <FunctionField<ReportTicketRecord> source="createTime" render={(r) => formatDateTime(r.createTime)} />
        <FunctionField<ReportTicketRecord> source="replyTime" render={(r) => formatDateTime(r.replyTime) || '—'} />
      </Datagrid>
    </List>
  );
}

/** The ticket's address, marked "unverified" when a reply would go to an address typed into the ticket only (requirements R14.14). */
function EmailValue({ ticket }: { ticket: ReportTicketRecord }) {
  const translate = useTranslate();
  if (ticket.emailVerified) return <span>{ticket.email}</span>;
  return (
    <Stack component="span" direction="row" spacing={0.5} alignItems="center" useFlexGap flexWrap="wrap">
      <span>{ticket.email}</span>
      <Chip
        size="small"
        color="warning"
        variant="outlined"
        label={translate('resources.report-ticket.unverified')}
        title={translate('resources.report-ticket.unverified_hint')}
        data-testid="ticket-email-unverified"
      />
    </Stack>
  );
}

function Field({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value === null || value === undefined || value === '' ? '—' : value}
      </Typography>
    </Grid>
  );
}

const imagePath = (ticketId: number, a: TicketAttachment) => `report-ticket/${ticketId}/attachment/${a.id}`;

/** The ticket's images as thumbnails; a click opens one at full size. */
function Attachments({ ticket }: { ticket: ReportTicketRecord }) {
  const translate = useTranslate();
  const [open, setOpen] = useState<TicketAttachment | null>(null);
  if (ticket.attachments.length === 0) return <Typography color="text.secondary">{translate('resources.report-ticket.no_attachments')}</Typography>;
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" data-testid="ticket-attachments">
        {ticket.attachments.map((a) => (
          <Box
            key={a.id}
            component="button"
            type="button"
            onClick={() => setOpen(a)}
            title={a.fileName}
            data-testid="ticket-thumbnail"
            sx={{
              p: 0,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              overflow: 'hidden',
              cursor: 'zoom-in',
              bgcolor: 'grey.100',
              width: 120,
              height: 120,
            }}
          >
            <AuthImage path={imagePath(ticket.id, a)} alt={a.fileName} style={{ width: 120, height: 120, objectFit: 'cover', display: 'block' }} />
          </Box>
        ))}
      </Stack>
      <Dialog open={!!open} onClose={() => setOpen(null)} maxWidth="lg" data-testid="ticket-image-dialog">
        <DialogTitle sx={{ pr: 6, overflowWrap: 'anywhere' }}>
          {open ? `${open.fileName} · ${open.width} × ${open.height}` : ''}
          <IconButton aria-label={translate('ra.action.close')} onClick={() => setOpen(null)} sx={{ position: 'absolute', right: 8, top: 8 }}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent>
          {open && (
            <AuthImage
              path={imagePath(ticket.id, open)}
              alt={open.fileName}
              style={{ maxWidth: '100%', maxHeight: '75vh', display: 'block', margin: '0 auto' }}
              testId="ticket-image-full"
            />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

/** One ticket: its fields, images, the reply so far, and the reply / close actions while open. */
export function TicketDetail({ id }: { id: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const call = useSpCall();
  const queryClient = useQueryClient();
  const { data: t, isPending, error, refetch } = useGetOne<ReportTicketRecord>('report-ticket', { id });
  const [replying, setReplying] = useState(false);
  const [closing, setClosing] = useState(false);
  /** Asking whether a reply may go to an unverified address, before the reply dialog opens. */
  const [askingUnverified, setAskingUnverified] = useState(false);
  if (isPending) return <Loading />;
  if (error || !t) return <ErrorState error={error} onRetry={() => void refetch()} />;
  const act = async (path: 'reply' | 'close', body?: Record<string, unknown>) => {
    try {
      await call('POST', `report-ticket/${t.id}/${path}`, body ?? {});
      notify(`resources.report-ticket.done.${path}`, { type: 'info' });
    } catch (err) {
      notify(err instanceof Error ? err.message : 'app.error.load_failed', { type: 'error' });
    } finally {
      await refetch();
      void queryClient.invalidateQueries({ queryKey: ['report-ticket'] });
    }
  };
  const f = (k: string) => translate(`resources.report-ticket.fields.${k}`);
  return (
    <Box sx={{ mt: 2 }} data-testid="ticket-show">
      <Button label="resources.report-ticket.back" onClick={() => navigate(BASE)} sx={{ mb: 1 }}>
        <ArrowBackIcon />
      </Button>
      <Card>
        <CardHeader
          title={
            <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
              <span data-testid="ticket-subject">{t.subject}</span>
              <StatusChip status={t.status} />
            </Stack>
          }
          subheader={`${f('serialNum')} ${t.serialNum}`}
          action={
            t.status !== 'CLOSED' ? (
              <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                <Button
                  label="resources.report-ticket.actions.reply"
                  variant="contained"
                  onClick={() => (t.emailVerified ? setReplying(true) : setAskingUnverified(true))}
                  data-testid="ticket-reply"
                >
                  <ReplyIcon />
                </Button>
                <Button label="resources.report-ticket.actions.close" onClick={() => setClosing(true)} data-testid="ticket-close">
                  <LockIcon />
                </Button>
              </Stack>
            ) : undefined
          }
          sx={{ flexWrap: 'wrap', '& .MuiCardHeader-action': { alignSelf: 'center' } }}
        />
        <CardContent>
          <Grid container spacing={2}>
            <Field label={f('nickname')} value={t.nickname} testId="ticket-nickname" />
            <Field label={f('email')} value={<EmailValue ticket={t} />} testId="ticket-email" />
            {t.replyEmail !== t.email && (
              <Field label={f('replyEmail')} value={`${t.replyEmail} · ${translate('resources.report-ticket.own_address_hint')}`} testId="ticket-reply-email" />
            )}
            <Field label={f('companyName')} value={t.companyName ?? t.companyCode} />
            <Field label={f('createTime')} value={formatDateTime(t.createTime)} />
            <Field label={f('language')} value={translate(`resources.report-ticket.language.${t.language}`)} />
            <Grid size={12}>
              <Typography variant="caption" color="text.secondary">
                {f('message')}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="ticket-message">
                {t.message}
              </Typography>
            </Grid>
            <Grid size={12}>
              <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
                {f('attachments')}
              </Typography>
              <Attachments ticket={t} />
            </Grid>
            {t.replyText && (
              <Grid size={12}>
                <Typography variant="caption" color="text.secondary">
                  {translate('resources.report-ticket.replied_by', { user: t.repliedBy ?? '—', time: formatDateTime(t.replyTime) })}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="ticket-reply-value">
                  {t.replyText}
                </Typography>
              </Grid>
            )}
            {t.status === 'CLOSED' && <Field label={f('closeTime')} value={`${formatDateTime(t.closeTime)} · ${t.closedBy ?? '—'}`} />}
          </Grid>
        </CardContent>
      </Card>
      {/* The reply is required (623); sending e-mails it to the user. */}
      <RequiredTextDialog
        open={replying}
        title={translate('resources.report-ticket.reply_title', { serialNum: t.serialNum })}
        label={f('replyText')}
        helperText={translate('resources.report-ticket.reply_help', {
          email: t.replyEmail,
          language: translate(`resources.report-ticket.language.${t.language}`),
        })}
        schema={reportTicketReply.shape.replyText}
        emptyCode={623}
        maxLength={TICKET_REPLY_MAX}
        minRows={4}
        submitLabel="resources.report-ticket.actions.send"
        submitIcon={<ReplyIcon />}
        testIds={{ dialog: 'ticket-reply-dialog', input: 'ticket-reply-text', submit: 'ticket-reply-send' }}
        onClose={() => setReplying(false)}
        onSubmit={async (replyText) => {
          // An unverified address was confirmed before the dialog opened (the server answers 784 without it).
          await act('reply', t.emailVerified ? { replyText } : { replyText, toUnverified: true });
          setReplying(false);
        }}
      />
      <Confirm
        isOpen={askingUnverified}
        title="resources.report-ticket.unverified_title"
        content="resources.report-ticket.unverified_content"
        translateOptions={{ email: t.replyEmail }}
        onConfirm={() => {
          setAskingUnverified(false);
          setReplying(true);
        }}
        onClose={() => setAskingUnverified(false)}
      />
      <Confirm
        isOpen={closing}
        title="resources.report-ticket.close_title"
        content="resources.report-ticket.close_content"
        translateOptions={{ serialNum: t.serialNum }}
        onConfirm={async () => {
          await act('close');
          setClosing(false);
        }}
        onClose={() => setClosing(false)}
      />
    </Box>
  );
}

/** `#/ReportTickets/ReportTickets/:id/show`. */
export function ReportTicketShow() {
  const { id } = useParams();
  return <TicketDetail id={Number(id)} />;
}

/** `?serialNum=<ticket no>` (the bell's link): that ticket, or a message when there is none. */
export function TicketBySerial({ value }: { value: string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { data, isPending, error, refetch } = useApi<{ records: ReportTicketRecord[]; total: number }>('report-ticket', { serialNum: value, size: 5 });
  if (isPending) return <Loading />;
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} />;
  const hit = data.records.find((r) => r.serialNum === value) ?? (data.records.length === 1 ? data.records[0] : undefined);
  if (hit) return <TicketDetail id={hit.id} />;
  return (
    <Box sx={{ mt: 2 }}>
      <EmptyState message={translate('resources.report-ticket.not_found', { serialNum: value })} />
      <Box sx={{ textAlign: 'center' }}>
        <Button label="resources.report-ticket.back" onClick={() => navigate(BASE)}>
          <ArrowBackIcon />
        </Button>
      </Box>
    </Box>
  );
}
