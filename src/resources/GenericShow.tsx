/**
 * The show view of a resource built from its field declarations (./fields.tsx, issue 25 item 3):
 * react-admin's `Show` with a two-column layout (one column on phones) of the `show` fields,
 * each displayed by its kind; `aside` / `children` add what the entity has beyond its fields.
 */
import type { ReactNode } from 'react';
import { Labeled, Show, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { Box, Card, CardContent } from '@mui/material';
import { displayOf, type FieldSpec } from './fields';

function ShowFields({ fields }: { fields: FieldSpec[] }) {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
      {fields
        .filter((f) => f.show)
        .map((f) => (
          <Labeled key={f.source} source={f.source} label={f.label}>
            <Box component="span" data-testid={`show-${f.source}`} sx={{ wordBreak: 'break-word' }}>
              {displayOf(f, record, translate)}
            </Box>
          </Labeled>
        ))}
    </Box>
  );
}

export function GenericShow<R extends RaRecord>({ fields, title, children }: { fields: FieldSpec<R>[]; title: string; children?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Show title={translate(title)} actions={false}>
      <Card variant="outlined" sx={{ border: 0 }}>
        <CardContent>
          <ShowFields fields={fields as FieldSpec[]} />
        </CardContent>
      </Card>
      {children}
    </Show>
  );
}
