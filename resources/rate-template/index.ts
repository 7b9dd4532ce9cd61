/** The rate-template resource (API path `rate-template`): the station profile's rate templates tab (`#/Stations/StationProfile/rate-templates`). */
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import type { ResourceDeclaration } from '../../src/resources/declaration';
import { StationProfileTabs } from '../../src/components/StationProfileTabs';
import { RateTemplateCreate, RateTemplateEdit } from './RateTemplatePages';
import { RateTemplateList } from './RateTemplateList';

export default {
  list: RateTemplateList,
  create: RateTemplateCreate,
  edit: RateTemplateEdit,
  listFrame: StationProfileTabs,
  icon: PriceChangeIcon,
  recordRepresentation: 'modelName',
} satisfies ResourceDeclaration;
