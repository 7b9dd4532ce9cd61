/** The firmware resource (API path `firmware`): System › Device Version (`#/System/DeviceVersion`, requirements §15). */
import MemoryIcon from '@mui/icons-material/Memory';
import { lazyView, type ResourceDeclaration } from '../../src/resources/declaration';

const loadFirmwarePages = () => import('./FirmwarePages');

export default {
  list: lazyView(loadFirmwarePages, 'FirmwareList'),
  create: lazyView(loadFirmwarePages, 'FirmwareCreate'),
  show: lazyView(loadFirmwarePages, 'FirmwareShow'),
  icon: MemoryIcon,
  recordRepresentation: 'version',
} satisfies ResourceDeclaration;
