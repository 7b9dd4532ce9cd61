/** Sidebar icons by the names used in domain/routes.ts (only these are bundled). */
import type { SvgIconComponent } from '@mui/icons-material';
import DashboardIcon from '@mui/icons-material/Dashboard';
import MonitorIcon from '@mui/icons-material/Monitor';
import MapIcon from '@mui/icons-material/Map';
import EvStationIcon from '@mui/icons-material/EvStation';
import ElectricalServicesIcon from '@mui/icons-material/ElectricalServices';
import InsightsIcon from '@mui/icons-material/Insights';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import BarChartIcon from '@mui/icons-material/BarChart';
import PlaceIcon from '@mui/icons-material/Place';
import WorkspacesIcon from '@mui/icons-material/Workspaces';
import PeopleIcon from '@mui/icons-material/People';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import HomeIcon from '@mui/icons-material/Home';
import PowerIcon from '@mui/icons-material/Power';
import AnalyticsIcon from '@mui/icons-material/Analytics';
import FeedbackIcon from '@mui/icons-material/Feedback';
import SearchIcon from '@mui/icons-material/Search';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import TerminalIcon from '@mui/icons-material/Terminal';
import MedicalServicesIcon from '@mui/icons-material/MedicalServices';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import PersonIcon from '@mui/icons-material/Person';
import SecurityIcon from '@mui/icons-material/Security';
import SettingsIcon from '@mui/icons-material/Settings';
import BusinessIcon from '@mui/icons-material/Business';
import MemoryIcon from '@mui/icons-material/Memory';
import MenuIcon from '@mui/icons-material/Menu';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import CircleIcon from '@mui/icons-material/Circle';

const ICONS: Record<string, SvgIconComponent> = {
  Dashboard: DashboardIcon,
  Monitor: MonitorIcon,
  Map: MapIcon,
  EvStation: EvStationIcon,
  ElectricalServices: ElectricalServicesIcon,
  Insights: InsightsIcon,
  QueryStats: QueryStatsIcon,
  ReceiptLong: ReceiptLongIcon,
  BarChart: BarChartIcon,
  Place: PlaceIcon,
  Workspaces: WorkspacesIcon,
  People: PeopleIcon,
  CreditCard: CreditCardIcon,
  PhoneIphone: PhoneIphoneIcon,
  Home: HomeIcon,
  Power: PowerIcon,
  Analytics: AnalyticsIcon,
  Feedback: FeedbackIcon,
  Search: SearchIcon,
  NotificationsActive: NotificationsActiveIcon,
  NotificationsNone: NotificationsNoneIcon,
  WarningAmber: WarningAmberIcon,
  Terminal: TerminalIcon,
  MedicalServices: MedicalServicesIcon,
  ManageAccounts: ManageAccountsIcon,
  Person: PersonIcon,
  Security: SecurityIcon,
  Settings: SettingsIcon,
  Business: BusinessIcon,
  Memory: MemoryIcon,
  Menu: MenuIcon,
  AccountCircle: AccountCircleIcon,
};

/** The icon component for a route's icon name (a dot when unknown). */
export function iconFor(name: string): SvgIconComponent {
  return ICONS[name] ?? CircleIcon;
}
