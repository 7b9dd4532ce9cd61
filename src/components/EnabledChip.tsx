/** The record's `enabled` flag as a green / grey chip, labelled `<prefix>.values.enabled.<true|false>`. */
import { useRecordContext, useTranslate } from 'react-admin';
import { ColorChip } from './common';
import { STATE_COLORS } from '../theme';

export function EnabledChip({ prefix }: { prefix: string; source?: string; label?: string }) {
  const record = useRecordContext<{ enabled: boolean }>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <ColorChip
      testId="enabled-chip"
      label={translate(`${prefix}.values.enabled.${record.enabled}`)}
      color={record.enabled ? STATE_COLORS.available : STATE_COLORS.offline}
    />
  );
}
