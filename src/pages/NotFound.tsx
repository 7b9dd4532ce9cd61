/** The 404 page (public at `/404`, and the catch-all inside the layout). */
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { Box, Button, Typography } from '@mui/material';
import { useEffect } from 'react';

export function NotFound() {
  const translate = useTranslate();
  useEffect(() => {
    document.title = `${translate('menu.notFound')} - ${translate('app.name')}`;
  }, [translate]);
  return (
    <Box sx={{ py: 10, textAlign: 'center' }} data-testid="not-found">
      <Typography sx={{ fontSize: 96, fontWeight: 800, color: 'primary.main', lineHeight: 1 }}>404</Typography>
      <Typography variant="h5" sx={{ mt: 2 }}>
        {translate('app.not_found.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {translate('app.not_found.message')}
      </Typography>
      <Button variant="contained" component={Link} to="/">
        {translate('app.not_found.back')}
      </Button>
    </Box>
  );
}

/** The public `/404` route: the same page on a plain background. */
export function PublicNotFound() {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', pt: 8 }}>
      <NotFound />
    </Box>
  );
}
