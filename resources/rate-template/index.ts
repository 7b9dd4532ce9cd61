/** The rate-template resource (API path `rate-template`): the station profile's rate templates tab (`#/Stations/StationProfile/rate-templates`). */
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import { lazyView, type ResourceDeclaration } from '../../src/resources/declaration';
import { StationProfileTabs } from '../../src/components/StationProfileTabs';

const loadRateTemplatePages = () => import('./RateTemplatePages');
const loadRateTemplateList = () => import('./RateTemplateList');

export default {
  list: lazyView(loadRateTemplateList, 'RateTemplateList'),
  create: lazyView(loadRateTemplatePages, 'RateTemplateCreate'),
  edit: lazyView(loadRateTemplatePages, 'RateTemplateEdit'),
  listFrame: StationProfileTabs,
  icon: PriceChangeIcon,
  recordRepresentation: 'modelName',
} satisfies ResourceDeclaration;
