/**
 * What a charger answered to the last command sent to it (requirements §16): a green chip with its
 * status, or a red one with the failure's catalogue message (718 timeout, 719 refused, 720 not
 * connected) in the user's language.
 */
import { useLocaleState, useTranslate } from 'react-admin';
import { catalogueMessage } from '../../../domain/errors';
import type { CommandOutcome } from '../../../domain/entities/home-charger';
import { ColorChip } from '../common';
import { STATE_COLORS } from '../../theme';
import { formatDateTime } from '../../utils/date';

/** The charger's status word of an answer (`{ status: 'Accepted' }` → Accepted). */
export function answerStatus(answer: unknown): string | null {
  const s = (answer as { status?: unknown } | null)?.status;
  return typeof s === 'string' ? s : null;
}

/** The text of an outcome in the user's language. */
export function useOutcomeText() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (o: CommandOutcome) =>
    o.result === 'ACCEPTED'
      ? translate('resources.home-charger.outcome.accepted', { status: answerStatus(o.answer) ?? 'Accepted' })
      : `${catalogueMessage(o.code ?? 719, locale === 'zh' ? 'zh' : 'en')}${answerStatus(o.answer) ? ` (${answerStatus(o.answer)})` : ''}`;
}

export function CommandOutcomeChip({ outcome }: { outcome: CommandOutcome | null | undefined }) {
  const translate = useTranslate();
  const text = useOutcomeText();
  if (!outcome) return <span>{translate('resources.home-charger.outcome.none')}</span>;
  return (
    <ColorChip
      testId="command-outcome"
      label={text(outcome)}
      title={`${outcome.action} · ${formatDateTime(outcome.at)}`}
      color={outcome.result === 'ACCEPTED' ? STATE_COLORS.available : STATE_COLORS.faulty}
    />
  );
}
