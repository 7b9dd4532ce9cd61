/**
 * The report ticket resource (API path `report-ticket`): Report Tickets (`#/ReportTickets/ReportTickets`,
 * requirements R2.11, §14): the list, one ticket, and `?serialNum=` opening a ticket by its number.
 */
import FeedbackIcon from '@mui/icons-material/Feedback';
import { lazyView, type ResourceDeclaration } from '../../src/resources/declaration';

const loadReportTicketPages = () => import('./ReportTicketPages');

export default {
  list: lazyView(loadReportTicketPages, 'ReportTicketList'),
  show: lazyView(loadReportTicketPages, 'ReportTicketShow'),
  icon: FeedbackIcon,
  recordRepresentation: 'serialNum',
  queryViews: [{ param: 'serialNum', view: lazyView(loadReportTicketPages, 'TicketBySerial') }],
} satisfies ResourceDeclaration;
