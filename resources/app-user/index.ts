/** The app user resource (API path `app-user`); its pages live at `#/ChargerUsers/AppUsers`. */
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import { AppUserList } from './AppUserList';

export default {
  list: AppUserList,
  icon: PhoneIphoneIcon,
  recordRepresentation: 'nickname',
};
