/**
 * The report ticket resource (API path `report-ticket`): Report Tickets (`#/ReportTickets/ReportTickets`,
 * requirements R2.11, §14): the list, one ticket, and `?serialNum=` opening a ticket by its number.
 */
import FeedbackIcon from '@mui/icons-material/Feedback';
import type { ResourceDeclaration } from '../../src/resources/declaration';
import { ReportTicketList, ReportTicketShow, TicketBySerial } from './ReportTicketPages';

export default {
  list: ReportTicketList,
  show: ReportTicketShow,
  icon: FeedbackIcon,
  recordRepresentation: 'serialNum',
  queryViews: [{ param: 'serialNum', view: TicketBySerial }],
} satisfies ResourceDeclaration;
