/**
 * The navbar title: breadcrumb of the route table's i18n keys (section › page), on one line; the
 * section gives way first (ellipsis), the page's name last; a phone shows the page alone.
 */
import { useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { Breadcrumbs, Typography } from '@mui/material';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { breadcrumbKeys } from '../../domain/access';

export function Breadcrumb() {
  const { pathname } = useLocation();
  const translate = useTranslate();
  const keys = breadcrumbKeys(pathname);
  const crumbs = keys.length ? keys : ['menu.notFound'];
  // One line that ends in an ellipsis; on a phone only the page itself (the last crumb).
  return (
    <Breadcrumbs
      separator={<NavigateNextIcon fontSize="small" />}
      sx={{
        minWidth: 0,
        '& .MuiBreadcrumbs-ol': { flexWrap: 'nowrap' },
        '& .MuiBreadcrumbs-li': { minWidth: 0, flexShrink: 1 },
        // The page's name shrinks last: it keeps up to 8 characters before its ellipsis.
        '& .MuiBreadcrumbs-li:last-of-type': { flexShrink: 0, maxWidth: '100%', minWidth: '8ch' },
        '& .MuiBreadcrumbs-li:not(:last-of-type)': { minWidth: '3ch', display: { xs: 'none', sm: 'list-item' } },
        '& .MuiBreadcrumbs-separator': { display: { xs: 'none', sm: 'flex' } },
      }}
      data-testid="breadcrumb"
    >
      {crumbs.map((k, i) => (
        <Typography
          key={k}
          noWrap
          color={i === crumbs.length - 1 ? 'text.primary' : 'text.secondary'}
          sx={{ fontSize: 14, fontWeight: i === crumbs.length - 1 ? 600 : 400, display: i < crumbs.length - 1 ? { xs: 'none', sm: 'block' } : 'block' }}
        >
          {translate(k)}
        </Typography>
      ))}
    </Breadcrumbs>
  );
}
