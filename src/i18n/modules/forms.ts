/** Messages of the form validation shared by every resource form (src/forms/schemaValidate.ts). */
export default {
  en: { app: { validation: { empty: '%{field} cannot be empty' } } },
  zh: { app: { validation: { empty: '%{field}不能为空' } } },
};
