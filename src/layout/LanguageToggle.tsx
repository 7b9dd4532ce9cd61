/** The language toggle (requirements §1): English ⇄ 中文; the choice goes to the `language` cookie. */
import { useLocaleState, useTranslate } from 'react-admin';
import { Button, type SxProps } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';

export function LanguageToggle({ sx, color = 'inherit' }: { sx?: SxProps; color?: 'inherit' | 'primary' }) {
  const [locale, setLocale] = useLocaleState();
  const translate = useTranslate();
  const next = locale === 'zh' ? 'en' : 'zh';
  return (
    <Button
      data-testid="language-toggle"
      color={color}
      size="small"
      startIcon={<TranslateIcon fontSize="small" />}
      onClick={() => setLocale(next)}
      aria-label={translate('app.language.label')}
      sx={{
        textTransform: 'none',
        minWidth: 0,
        whiteSpace: 'nowrap',
        flexShrink: 0,
        '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
        ...sx,
      }}
    >
      {translate(`app.language.${next}`)}
    </Button>
  );
}
