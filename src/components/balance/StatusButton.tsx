/**
 * Activate / deactivate a card or app user with a confirmation (requirements §5: activations and
 * deactivations are confirmed): `PUT /sp/<holder>/{id}/status` with `{ active }`, a switch showing
 * the current state (../StatusToggle.tsx).
 */
import { StatusSwitch, statusTexts } from '../StatusToggle';
import type { HolderResource } from './holder';

const texts = statusTexts('resources.balance', ['activate', 'deactivate'], { content: '', done: 'notify' });

export function StatusButton({ resource, id, active, label }: { resource: HolderResource; id: number; active: boolean; label?: string }) {
  return (
    <StatusSwitch resource={resource} field="active" variant="switch" record={{ id, active }} texts={texts} translateOptions={{ name: label ?? String(id) }} />
  );
}
