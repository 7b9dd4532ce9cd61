/**
 * An image of the API that needs the console's token (report ticket attachments): fetched as a
 * blob (src/utils/download.ts `fetchFile`) and shown through an object URL, released on unmount.
 * A spinner while loading, a broken-image icon when it cannot be read.
 */
import { useEffect, useState, type CSSProperties } from 'react';
import { Box, CircularProgress } from '@mui/material';
import BrokenImageIcon from '@mui/icons-material/BrokenImageOutlined';
import { fetchFile } from '../utils/download';

/** `path`: under `/sp/` (e.g. `report-ticket/3/attachment/7`). */
export function AuthImage({ path, alt, style, testId }: { path: string; alt: string; style?: CSSProperties; testId?: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    setUrl(null);
    setFailed(false);
    fetchFile(path)
      .then(({ blob }) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);
  if (failed)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', ...style }} title={alt}>
        <BrokenImageIcon color="disabled" />
      </Box>
    );
  if (!url)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', ...style }}>
        <CircularProgress size={20} />
      </Box>
    );
  return <img src={url} alt={alt} style={style} data-testid={testId} />;
}
