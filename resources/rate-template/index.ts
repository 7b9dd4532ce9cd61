/** The rate-template resource (API path `rate-template`); its pages are a tab of `#/Stations/StationProfile`. */
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import { RateTemplateCreate, RateTemplateEdit } from './RateTemplateEditor';
import { RateTemplateList } from './RateTemplateList';

export default {
  list: RateTemplateList,
  create: RateTemplateCreate,
  edit: RateTemplateEdit,
  icon: PriceChangeIcon,
  recordRepresentation: 'modelName',
};
