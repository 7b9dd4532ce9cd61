/** Mobile above e-mail in one list cell (keeps the card and app user grids narrow). */
import { Box, Typography } from '@mui/material';

export function Contact({ mobile, email }: { mobile: string | null; email: string | null }) {
  if (!mobile && !email) return <>—</>;
  return (
    <Box sx={{ lineHeight: 1.3 }}>
      {mobile && <Typography variant="body2">{mobile}</Typography>}
      {email && (
        <Typography variant="caption" color="text.secondary">
          {email}
        </Typography>
      )}
    </Box>
  );
}
