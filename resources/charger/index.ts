/** The charger resource (API path `charger`); its monitoring page is `#/Monitoring/ChargerMonitoring`. */
import ElectricalServicesIcon from '@mui/icons-material/ElectricalServices';
import ChargerMonitoring from './ChargerMonitoring';

export default {
  list: ChargerMonitoring,
  icon: ElectricalServicesIcon,
  recordRepresentation: 'serialNum',
};
