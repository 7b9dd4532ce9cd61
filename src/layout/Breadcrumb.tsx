/** The navbar title: breadcrumb of the route table's i18n keys (section › page). */
import { useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { Breadcrumbs, Typography } from '@mui/material';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { breadcrumbKeys } from '../routes/access';

export function Breadcrumb() {
  const { pathname } = useLocation();
  const translate = useTranslate();
  const keys = breadcrumbKeys(pathname);
  const crumbs = keys.length ? keys : ['menu.notFound'];
  return (
    <Breadcrumbs separator={<NavigateNextIcon fontSize="small" />} sx={{ minWidth: 0 }} data-testid="breadcrumb">
      {crumbs.map((k, i) => (
        <Typography key={k} noWrap color={i === crumbs.length - 1 ? 'text.primary' : 'text.secondary'} sx={{ fontSize: 14, fontWeight: i === crumbs.length - 1 ? 600 : 400 }}>
          {translate(k)}
        </Typography>
      ))}
    </Breadcrumbs>
  );
}
