import { describe, expect, it } from 'vitest';
import { hasDigit } from '../../../domain/entities/rules.js';
import { hasDigit as nameHasDigit } from '../../../domain/entities/rules.js';

describe('the 900 rule: no number characters in names (issue 9 item 21)', () => {
  it('refuses every Unicode number, not only 0-9', () => {
    for (const name of ['Ann3', '٣', 'Ｌｅｅ３', 'x²', 'Ⅻ', '½', '۵', '१']) {
      expect(hasDigit(name), name).toBe(true);
      expect(nameHasDigit(name), name).toBe(true);
    }
  });
  it('accepts names of any script without numbers', () => {
    for (const name of ['Zoë', '李小龙', 'محمد', "O'Brien-Smith", 'Ærø', '', null, undefined]) expect(hasDigit(name)).toBe(false);
  });
});
