/** Messages of the form validation shared by every resource form (src/forms/schemaValidate.ts). */
import { bilingual } from '../bilingual';

export default bilingual('app.validation', {
  empty: ['%{field} cannot be empty', '%{field}不能为空'],
});
