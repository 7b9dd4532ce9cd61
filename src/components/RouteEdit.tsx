/**
 * The edit page of the record named by the route's `:id`: react-admin's `Edit`, pessimistic (the
 * form stays until the server answers, so a catalogue refusal shows on it), without the top
 * actions, and mounted again when the language changes so the form's rules and messages speak the
 * new one. `title` is a message key; `numericId` passes the id as a number (resources whose ids
 * the API answers as numbers).
 */
import type { ReactNode } from 'react';
import { Edit, useLocaleState, useTranslate, type EditProps } from 'react-admin';
import { useParams } from 'react-router-dom';

export type RouteEditProps = Omit<EditProps, 'id' | 'title' | 'mutationMode' | 'actions' | 'children'> & {
  title: string;
  numericId?: boolean;
  children: ReactNode;
};

export function RouteEdit({ title, numericId, children, ...props }: RouteEditProps) {
  const { id } = useParams();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Edit key={locale} id={numericId ? Number(id) : id} mutationMode="pessimistic" actions={false} title={translate(title)} {...props}>
      {children}
    </Edit>
  );
}
