/**
 * The country list of the station form (requirements §3 "Station": country from a country list):
 * ISO 3166-1 alpha-2 codes with English and Chinese names. A station stores the code; a value
 * that is not in the list (older free text) is shown as it is.
 */
export interface Country {
  /** ISO 3166-1 alpha-2. */
  code: string;
  en: string;
  zh: string;
}

export const COUNTRIES: readonly Country[] = [
  { code: 'CN', en: 'China', zh: '中国' },
  { code: 'HK', en: 'Hong Kong SAR', zh: '中国香港' },
  { code: 'MO', en: 'Macao SAR', zh: '中国澳门' },
  { code: 'TW', en: 'Taiwan', zh: '中国台湾' },
  { code: 'JP', en: 'Japan', zh: '日本' },
  { code: 'KR', en: 'South Korea', zh: '韩国' },
  { code: 'SG', en: 'Singapore', zh: '新加坡' },
  { code: 'MY', en: 'Malaysia', zh: '马来西亚' },
  { code: 'TH', en: 'Thailand', zh: '泰国' },
  { code: 'VN', en: 'Vietnam', zh: '越南' },
  { code: 'ID', en: 'Indonesia', zh: '印度尼西亚' },
  { code: 'PH', en: 'Philippines', zh: '菲律宾' },
  { code: 'IN', en: 'India', zh: '印度' },
  { code: 'AE', en: 'United Arab Emirates', zh: '阿联酋' },
  { code: 'SA', en: 'Saudi Arabia', zh: '沙特阿拉伯' },
  { code: 'IL', en: 'Israel', zh: '以色列' },
  { code: 'TR', en: 'Turkey', zh: '土耳其' },
  { code: 'AU', en: 'Australia', zh: '澳大利亚' },
  { code: 'NZ', en: 'New Zealand', zh: '新西兰' },
  { code: 'GB', en: 'United Kingdom', zh: '英国' },
  { code: 'IE', en: 'Ireland', zh: '爱尔兰' },
  { code: 'FR', en: 'France', zh: '法国' },
  { code: 'DE', en: 'Germany', zh: '德国' },
  { code: 'NL', en: 'Netherlands', zh: '荷兰' },
  { code: 'BE', en: 'Belgium', zh: '比利时' },
  { code: 'LU', en: 'Luxembourg', zh: '卢森堡' },
  { code: 'CH', en: 'Switzerland', zh: '瑞士' },
  { code: 'AT', en: 'Austria', zh: '奥地利' },
  { code: 'IT', en: 'Italy', zh: '意大利' },
  { code: 'ES', en: 'Spain', zh: '西班牙' },
  { code: 'PT', en: 'Portugal', zh: '葡萄牙' },
  { code: 'DK', en: 'Denmark', zh: '丹麦' },
  { code: 'SE', en: 'Sweden', zh: '瑞典' },
  { code: 'NO', en: 'Norway', zh: '挪威' },
  { code: 'FI', en: 'Finland', zh: '芬兰' },
  { code: 'IS', en: 'Iceland', zh: '冰岛' },
  { code: 'PL', en: 'Poland', zh: '波兰' },
  { code: 'CZ', en: 'Czechia', zh: '捷克' },
  { code: 'HU', en: 'Hungary', zh: '匈牙利' },
  { code: 'GR', en: 'Greece', zh: '希腊' },
  { code: 'RU', en: 'Russia', zh: '俄罗斯' },
  { code: 'US', en: 'United States', zh: '美国' },
  { code: 'CA', en: 'Canada', zh: '加拿大' },
  { code: 'MX', en: 'Mexico', zh: '墨西哥' },
  { code: 'BR', en: 'Brazil', zh: '巴西' },
  { code: 'AR', en: 'Argentina', zh: '阿根廷' },
  { code: 'CL', en: 'Chile', zh: '智利' },
  { code: 'ZA', en: 'South Africa', zh: '南非' },
  { code: 'EG', en: 'Egypt', zh: '埃及' },
  { code: 'MA', en: 'Morocco', zh: '摩洛哥' },
];

/** The country of a stored value: an ISO code, or an English or Chinese name (older data). */
export function countryOf(value: string | null | undefined): Country | undefined {
  const v = (value ?? '').trim();
  if (!v) return undefined;
  const upper = v.toUpperCase();
  return COUNTRIES.find((x) => x.code === upper || x.en.toUpperCase() === upper || x.zh === v);
}

/** The country's name in `lang` (the value itself when it is not in the list; '' for none). */
export function countryName(value: string | null | undefined, lang: 'en' | 'zh'): string {
  if (!value) return '';
  return countryOf(value)?.[lang] ?? value;
}
