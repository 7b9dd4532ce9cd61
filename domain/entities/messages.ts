/**
 * The field messages of the entity rules (docs/api.md "Field errors"), in English and Chinese.
 * A rule's message is an i18n key: `catalogue.<code>` for a rule that answers its own catalogue
 * code (its text is the catalogue's, domain/errors.ts, followed by `(detail)` when the rule names
 * the offending values, e.g. the two overlapping windows), or one of the `validation.*` keys below
 * for a format rule, which answers 400. `{max}`, `{min}` and `{length}` are filled from the rule.
 */
import { catalogueMessage, isCatalogueCode, type Lang, type MessageValues, namesValues } from '../errors.js';

export const VALIDATION_MESSAGES = {
  'validation.invalid': { en: 'Invalid value', zh: '无效的值' },
  'validation.type': { en: 'Invalid value', zh: '无效的值' },
  'validation.choice': { en: 'Not one of the allowed values', zh: '不是允许的值' },
  'validation.format': { en: 'Invalid format', zh: '格式不正确' },
  'validation.email': { en: 'Invalid e-mail address', zh: '邮箱地址无效' },
  'validation.phone': { en: 'Invalid phone number', zh: '电话号码无效' },
  'validation.date': { en: 'Invalid date (YYYY-MM-DD)', zh: '日期无效（YYYY-MM-DD）' },
  'validation.dateTime': {
    en: 'Invalid date and time (ISO 8601 with its offset, e.g. 2027-01-31T23:59:59Z)',
    zh: '日期时间无效（ISO 8601 格式并带时区，例如 2027-01-31T23:59:59Z）',
  },
  'validation.tooLong': { en: 'At most {max} characters', zh: '最多{max}个字符' },
  'validation.tooShort': { en: 'At least {min} characters', zh: '至少{min}个字符' },
  'validation.length': { en: 'Exactly {length} characters', zh: '必须为{length}个字符' },
  'validation.tooBig': { en: 'At most {max}', zh: '不能大于{max}' },
  'validation.tooSmall': { en: 'At least {min}', zh: '不能小于{min}' },
  'validation.tooMany': { en: 'At most {max} items', zh: '最多{max}项' },
  'validation.integer': { en: 'Must be a whole number', zh: '必须为整数' },
  'validation.decimal': { en: 'Invalid amount', zh: '金额格式不正确' },
  'validation.timeZone': { en: 'Unknown time zone', zh: '未知的时区' },
  'validation.identity': { en: 'Letters, digits, ".", "_" and "-" only', zh: '只能包含字母、数字、“.”、“_”和“-”' },
  'validation.serialLength': { en: 'The SN must be exactly 16 characters', zh: '序列号必须为16个字符' },
  'validation.currentPassword': { en: 'The current password is wrong', zh: '当前密码不正确' },
  'validation.unknownField': { en: 'Unknown field', zh: '未知字段' },
  'validation.clearCriteria': {
    en: 'Name the profile id, a connector, a purpose or a stack level — or choose “clear all” alone',
    zh: '请填写配置 ID、枪号、用途或堆叠级别之一——或单独选择“全部清除”',
  },
  'validation.clearIdAlone': {
    en: 'A profile id clears that profile alone: leave connector, purpose, stack level and “clear all” empty',
    zh: '按配置 ID 清除时只清除该配置：枪号、用途、堆叠级别和“全部清除”请留空',
  },
  'validation.firmwareExtension': { en: 'Only .hex or .bin files', zh: '只能上传 .hex 或 .bin 文件' },
  'validation.firmwareEmpty': { en: 'The file is empty', zh: '文件为空' },
  'validation.firmwareTooBig': { en: 'The file is larger than {max} bytes', zh: '文件大于{max}字节' },
  'validation.firmwareHex': { en: 'Not a valid Intel HEX file', zh: '不是有效的 Intel HEX 文件' },
  'validation.firmwareVersionExists': {
    en: 'Version {version} of {model} exists already: give this image a new version number',
    zh: '{model} 的 {version} 版本已存在：请为此镜像填写新的版本号',
  },
  'validation.firmwareInUse': {
    en: 'Used by upgrade campaign {campaigns}: the firmware is kept for their record',
    zh: '已被升级任务 {campaigns} 使用：为保留记录，该固件不删除',
  },
  'validation.firmwareBinaryText': { en: 'A .bin file must be a binary image, not text or a web page', zh: '.bin 文件必须是二进制镜像，不能是文本或网页' },
} as const satisfies Record<string, { en: string; zh: string }>;

export type ValidationKey = keyof typeof VALIDATION_MESSAGES;

export type { MessageValues };

/**
 * The text of a rule's message key in `lang`: `catalogue.<code>` → the catalogue's message,
 * `validation.*` → the table above with `values` filled in; an unknown key → "Invalid value".
 */
export function fieldMessage(key: string, lang: Lang, values: MessageValues = {}): string {
  const m = /^catalogue\.(\d+)$/.exec(key);
  // A catalogue message names the offending values: in its own words when it has a template for
  // them (domain/errors.ts `detailed`), else after it when the rule gives them (`detail`).
  if (m && isCatalogueCode(Number(m[1]))) {
    const code = Number(m[1]);
    if (namesValues(code, values)) return catalogueMessage(code, lang, values);
    return catalogueMessage(code, lang) + (values.detail !== undefined ? ` (${values.detail})` : '');
  }
  const entry = (VALIDATION_MESSAGES as Record<string, { en: string; zh: string }>)[key] ?? VALIDATION_MESSAGES['validation.invalid'];
  return entry[lang].replace(/\{(\w+)\}/g, (all, name: string) => (name in values ? String(values[name]) : all));
}
