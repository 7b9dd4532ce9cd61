/** The firmware resource (API path `firmware`): System › Device Version (`#/System/DeviceVersion`, requirements §15). */
import MemoryIcon from '@mui/icons-material/Memory';
import type { ResourceDeclaration } from '../../src/resources/declaration';
import { FirmwareCreate, FirmwareList, FirmwareShow } from './FirmwarePages';

export default {
  list: FirmwareList,
  create: FirmwareCreate,
  show: FirmwareShow,
  icon: MemoryIcon,
  recordRepresentation: 'version',
} satisfies ResourceDeclaration;
