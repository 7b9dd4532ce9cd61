/**
 * The error catalogue of requirements §8: every response code with its English and Chinese message and
 * the HTTP status of its class. Used by the server (envelope, AppError) and by the console
 * (toast text in the user's language).
 */

export type Lang = 'en' | 'zh';

export interface CatalogueEntry {
  /**
   * HTTP status sent with the envelope; it says whose mistake it was (requirements R8.10, R8.11):
   * 4xx when the caller can correct the request (400 input, 401 sign-in, 403 not allowed, 404 not
   * found, 409 the current state forbids it, 408 too slow, 413 too large, 429 too many), 5xx only when the server
   * or what it depends on failed (500, 503 the database: try again later).
   */
  status: 200 | 400 | 401 | 403 | 404 | 408 | 409 | 413 | 429 | 500 | 503;
  en: string;
  zh: string;
  /**
   * The message when the rule names the offending values: templates with `{name}` placeholders
   * (e.g. 317 "This window overlaps {window}…"), used by `catalogueMessage(code, lang, values)`
   * when every placeholder has a value; the plain `en` / `zh` otherwise.
   */
  detailed?: { en: string; zh: string };
}

/** Values a catalogue or field message names (`{window}`, `{version}` …). */
export type MessageValues = Readonly<Record<string, string | number>>;

/** Field names of the 600–679 "is empty" codes (requirements §8 names the fields, not the numbers). */
export const EMPTY_FIELD_CODES = {
  company: 600,
  group: 601,
  charger: 602,
  station: 603,
  rateTemplate: 604,
  tax: 605,
  gateway: 606,
  password: 607,
  role: 608,
  user: 609,
  card: 610,
  menu: 611,
  firmware: 612,
  notification: 613,
  smartCharging: 614,
  time: 615,
  maintainer: 616,
} as const;

const empty = (en: string, zh: string): CatalogueEntry => ({
  status: 400,
  en: `${en} cannot be empty`,
  zh: `${zh}不能为空`,
});

export const CATALOGUE = {
  200: { status: 200, en: 'Success', zh: '成功' },
  // duplicates
  300: { status: 409, en: 'Company code already exists', zh: '公司编码已存在' },
  301: { status: 409, en: 'User name already exists', zh: '用户名已存在' },
  302: { status: 409, en: 'Charging point SN already exists', zh: '充电桩序列号已存在' },
  303: { status: 409, en: 'Charger station code already exists', zh: '充电桩站点编码已存在' },
  304: { status: 409, en: 'Gateway number already exists', zh: '网关编号已存在' },
  305: { status: 409, en: 'Card number already exists', zh: '卡号已存在' },
  306: { status: 409, en: 'Only one free template is allowed', zh: '只允许存在一个免费模板' },
  307: { status: 409, en: 'Menu name already exists', zh: '菜单名称已存在' },
  308: { status: 409, en: 'Menu permission already exists', zh: '菜单权限已存在' },
  309: { status: 409, en: 'Role code already exists', zh: '角色编码已存在' },
  310: { status: 409, en: 'Email already exists', zh: '邮箱已存在' },
  317: {
    status: 409,
    en: 'Rate template detail times overlap',
    zh: '费率模板明细时间重叠',
    detailed: {
      en: 'This window overlaps {window}: start it at {end} or later, or shorten the other window',
      zh: '此时段与 {window} 重叠：请将开始时间设为 {end} 或之后，或缩短另一个时段',
    },
  },
  342: { status: 400, en: 'A free template cannot have a rate', zh: '免费模板不能包含费率' },
  343: { status: 400, en: 'A charged template must contain a rate', zh: '收费模板必须包含费率' },
  // general
  400: { status: 400, en: 'Parameter error', zh: '参数错误' },
  401: { status: 401, en: 'Authentication exception', zh: '认证异常' },
  402: { status: 400, en: 'Illegal content type', zh: '非法的内容类型' },
  403: { status: 403, en: 'Unauthorized operation', zh: '未授权的操作' },
  404: { status: 400, en: 'Firmware version format error', zh: '固件版本格式错误' },
  500: { status: 500, en: 'System error', zh: '系统错误' },
  // 600–679: a field is empty
  600: empty('Company', '公司'),
  601: empty('Station group', '站点分组'),
  602: empty('Charger', '充电桩'),
  603: empty('Station', '站点'),
  604: empty('Pricing template', '费率模板'),
  605: empty('Tax', '税'),
  606: empty('Gateway', '网关'),
  607: empty('Password', '密码'),
  608: empty('Role', '角色'),
  609: empty('User', '用户'),
  610: empty('Card', '卡'),
  611: empty('Menu', '菜单'),
  612: empty('Firmware', '固件'),
  613: empty('Notification', '通知'),
  // §5 smart charging: time and current required, the current not above the station's total.
  614: empty('Smart charging', '智能充电'),
  615: empty('Time', '时间'),
  616: empty('Maintainer', '维护人员'),
  617: empty('Handle method', '处理方式'),
  618: empty('Vendor', '厂商'),
  619: empty('Vendor error code', '厂商故障码'),
  620: empty('Event type', '事件类型'),
  621: empty('Search', '搜索内容'),
  624: empty('Configuration key', '配置项'),
  625: empty('Vendor ID', '厂商标识'),
  622: empty('Report ticket', '工单'),
  623: empty('Reply', '回复内容'),
  // Diagnostics (requirements R15.12): a charger's upload with no content.
  626: empty('Diagnostics file', '诊断文件'),
  647: { status: 400, en: 'Total rate count cannot exceed 12', zh: '费率总数不能超过12个' },
  648: { status: 400, en: 'The same rate cannot be used more than 3 times', zh: '同一费率不能超过3次' },
  649: { status: 400, en: 'Tax rate must be at least 0', zh: '税率不能小于0' },
  650: { status: 400, en: 'Amount cannot be negative', zh: '金额不能为负数' },
  // 700: business rules
  700: { status: 401, en: 'Wrong user name or password', zh: '用户名或密码错误' },
  701: { status: 409, en: 'The default station group cannot be deleted', zh: '默认站点分组不能删除' },
  702: { status: 409, en: 'An active rate template cannot be deleted', zh: '有效的费率模板不能删除' },
  703: { status: 400, en: 'Details must cover 24 hours without overlap', zh: '明细必须覆盖24小时且不能重叠' },
  704: { status: 400, en: 'Export maximum exceeded', zh: '超出导出上限' },
  705: { status: 400, en: 'Recharge amount must be a whole number above 0', zh: '充值金额必须为大于0的整数' },
  706: { status: 503, en: 'Database failure: try again in a moment', zh: '数据库故障：请稍后再试' },
  707: { status: 409, en: 'Invoice export failed: the order is unpaid', zh: '发票导出失败：订单未支付' },
  708: { status: 500, en: 'Invoice export failed', zh: '发票导出失败' },
  709: { status: 403, en: "Cannot query another company's data", zh: '不能查询其他公司的数据' },
  710: { status: 400, en: 'Order export is limited to 50000 rows', zh: '订单导出不能超过50000条' },
  711: { status: 500, en: 'Export error', zh: '导出错误' },
  712: { status: 400, en: "Upload refused: check the file's type, content and size", zh: '上传被拒绝：请检查文件的类型、内容和大小' },
  713: {
    status: 409,
    en: 'Firmware not saved: this model has this version already, or an upgrade campaign uses it',
    zh: '固件未保存：该型号已有此版本，或有升级任务正在使用',
  },
  714: { status: 400, en: 'The image must be JPG, PNG or JPEG', zh: '图片必须是JPG、PNG或JPEG格式' },
  715: { status: 400, en: 'Query time interval error', zh: '查询时间区间错误' },
  716: { status: 409, en: 'Unclosed orders prevent editing', zh: '存在未关闭的订单，无法编辑' },
  717: { status: 409, en: 'Cannot edit a connected charge point', zh: '不能编辑已连接的充电桩' },
  718: { status: 409, en: 'Command timeout', zh: '指令超时' },
  719: { status: 409, en: 'Command failed', zh: '指令执行失败' },
  720: { status: 409, en: 'Command not sent: the charger is not connected', zh: '指令未发送：充电桩未连接' },
  721: { status: 409, en: 'Insufficient balance', zh: '余额不足' },
  722: { status: 500, en: 'Deduction failed', zh: '扣款失败' },
  723: { status: 409, en: 'Operator fund entry already exists', zh: '运营商资金记录已存在' },
  724: {
    status: 409,
    en: 'The order cannot be closed now: it is not charging, or its charger is still connected and charging',
    zh: '订单现在无法关闭：订单不在充电中，或其充电桩仍在线充电',
  },
  725: { status: 403, en: "Cannot operate on another company's data", zh: '不能操作其他公司的数据' },
  726: { status: 409, en: 'Only idle chargers can be upgraded', zh: '只有空闲的充电桩可以升级' },
  727: {
    status: 409,
    en: 'The card cannot charge here: unknown, of another company or outside its stations',
    zh: '该卡无法在此充电：卡号未知、属于其他公司或不在其适用站点',
  },
  728: { status: 409, en: 'The card is deactivated', zh: '该卡已停用' },
  729: { status: 409, en: 'The card is already charging', zh: '该卡正在充电中' },
  765: { status: 409, en: 'The card or app user has expired: set a later expiry date to let it charge', zh: '该卡或App用户已过期：请设置更晚的有效期后再充电' },
  730: { status: 409, en: 'The currency cannot change while balances or orders exist', zh: '存在余额或订单时不能更改币种' },
  731: { status: 403, en: 'Too many failed sign-in attempts: try again later', zh: '登录失败次数过多，请稍后再试' },
  732: {
    status: 400,
    en: 'The password is too weak: at least 8 characters, not the user name and not a common password',
    zh: '密码强度不足：至少8个字符，不能与用户名相同，也不能是常见密码',
  },
  733: { status: 409, en: 'Too many sign-ins at once: try again in a moment', zh: '同时登录的请求过多，请稍后再试' },
  734: { status: 404, en: 'Event not found', zh: '事件不存在' },
  735: {
    status: 409,
    en: 'The event is no longer happening: it was already processed, ignored or recovered',
    zh: '该事件已不在发生中：已被处理、忽略或已恢复',
  },
  736: { status: 409, en: 'This vendor error code is already mapped', zh: '该厂商故障码已存在映射' },
  737: { status: 404, en: 'Vendor code entry not found', zh: '厂商故障码映射不存在' },
  738: { status: 409, en: 'The charger is already a home charger', zh: '该充电桩已是家用充电桩' },
  739: { status: 409, en: 'The app user already has access to this home charger', zh: '该App用户已可使用此家用充电桩' },
  740: { status: 409, en: 'The firmware is not made for this charger model', zh: '该固件不适用于此充电桩型号' },
  747: { status: 409, en: 'The connector already has an active reservation', zh: '该充电枪已有有效预约' },
  748: {
    status: 409,
    en: 'The reservation is no longer active: it was used, cancelled, refused or has expired',
    zh: '该预约已失效：已使用、已取消、被拒绝或已过期',
  },
  749: { status: 409, en: 'A differential local list needs a full list sent first', zh: '差分本地列表需要先发送完整列表' },
  // Station notification recipients (requirements §3).
  741: { status: 400, en: 'Notified e-mail addresses must be valid e-mail addresses, separated by commas', zh: '通知邮箱必须是有效的邮箱地址，用逗号分隔' },
  742: { status: 400, en: 'Station notifications are on: enter at least one e-mail address', zh: '站点通知已开启：请至少填写一个邮箱地址' },
  743: { status: 409, en: 'The ticket is closed: it takes no reply and cannot be closed again', zh: '该工单已关闭：不能再回复或重复关闭' },
  744: { status: 400, en: 'A ticket takes at most 5 images', zh: '每个工单最多上传5张图片' },
  745: { status: 401, en: 'The app sign-in is not valid or has expired, or the app user is deactivated', zh: 'App 登录无效或已过期，或该 App 用户已停用' },
  // Diagnostics (requirements R15.10–R15.14).
  751: { status: 400, en: 'The diagnostics period must end after it starts', zh: '诊断时间段的结束时间必须晚于开始时间' },
  752: { status: 409, en: 'FTP uploads are not enabled on this server', zh: '本服务器未启用FTP上传' },
  753: { status: 400, en: 'The diagnostics file is larger than allowed', zh: '诊断文件超过允许的大小' },
  754: { status: 409, en: 'The charger is already uploading diagnostics', zh: '该充电桩正在上传诊断文件' },
  // Bounds of the diagnostics receivers, and the metrics endpoint (requirements R15.15, R12.38).
  755: {
    status: 429,
    en: 'Too many uploads or connections at once from this address or in all: try again in a minute',
    zh: '来自该地址或总体的同时上传或连接过多：请一分钟后重试',
  },
  756: {
    status: 408,
    en: 'The upload was too slow or took too long and was cut off: send the file again over a faster link',
    zh: '上传过慢或耗时过长，已被中断：请通过更快的网络重新发送文件',
  },
  757: {
    status: 401,
    en: 'The metrics need the metrics token (Authorization: Bearer METRICS_TOKEN)',
    zh: '访问监控指标需要指标令牌（Authorization: Bearer METRICS_TOKEN）',
  },
  // A charger's OCPP password rotated over OCPP (requirements R10.25): the old one stays unless the charger took the new.
  770: {
    status: 409,
    en: 'The charger refused the new OCPP password; its current password stays in force',
    zh: '充电桩拒绝了新的 OCPP 密码；当前密码继续有效',
  },
  771: {
    status: 409,
    en: 'The charger did not answer in time; its current OCPP password stays in force. Try again, or set a password by hand',
    zh: '充电桩未及时应答；当前 OCPP 密码继续有效。请重试，或手动设置密码',
  },
  772: {
    status: 409,
    en: 'The charger is not connected: a new password can only be sent to a connected charger. Set one by hand and configure the charger with it',
    zh: '充电桩未连接：新密码只能发送给已连接的充电桩。请手动设置密码并配置到充电桩',
  },
  773: { status: 409, en: 'A password change of this charger is already under way', zh: '该充电桩的密码更换正在进行中' },
  // Report tickets of the charging app: budgets per app user, image checks, the reply's address (requirements R14.x).
  780: { status: 429, en: 'Too many report tickets: try again in an hour', zh: '提交的工单过多，请一小时后再试' },
  781: {
    status: 429,
    en: 'The images of your report tickets exceed the daily allowance: send fewer or smaller images, or try again tomorrow',
    zh: '工单图片超出每日限额：请减少或缩小图片，或明天再试',
  },
  782: { status: 400, en: 'The image has too many pixels: at most 16 megapixels and 8192 pixels a side', zh: '图片像素过多：最多1600万像素，每边最多8192像素' },
  783: { status: 400, en: 'The image cannot be read: it is damaged or incomplete', zh: '图片无法读取：文件已损坏或不完整' },
  784: {
    status: 409,
    en: "The reporter's e-mail address is not verified: confirm that the reply may go to it",
    zh: '反馈人的邮箱未经验证：请确认是否仍向该邮箱发送回复',
  },
  785: { status: 429, en: 'Many images are being checked right now: try again in a moment', zh: '当前正在检查的图片过多，请稍后再试' },
  // Smart charging (requirements R16.4, R16.9–R16.12): each rule of a schedule or a charging profile its own code.
  787: {
    status: 400,
    en: 'A schedule window must end after it starts: set a later end time (24:00 at the latest)',
    zh: '时段的结束时间必须晚于开始时间：请设置更晚的结束时间（最晚24:00）',
  },
  788: {
    status: 400,
    en: 'Schedule windows overlap: move or shorten one so that no time is in two windows',
    zh: '时段重叠：请移动或缩短其中一个时段，使任何时间只属于一个时段',
  },
  789: {
    status: 400,
    en: "A current is above the station's total (its grid connection limit): lower it to the total or less",
    zh: '电流超过站点总电流（电网接入限值）：请降至不超过总电流',
  },
  790: {
    status: 400,
    en: "A current is above the home charger's maximum current: lower it, or raise the home charger's maximum",
    zh: '电流超过家用充电桩的最大电流：请降低电流，或提高家用充电桩的最大电流',
  },
  791: {
    status: 400,
    en: 'A limit must be between 0 and 500 A per phase (0–345000 W when in watts)',
    zh: '限值必须在每相0至500 A之间（以瓦计时为0–345000 W）',
  },
  792: {
    status: 400,
    en: "The profile's validity must end after it starts: set “valid to” later than “valid from”",
    zh: '配置的有效期结束时间必须晚于开始时间：请将“有效期至”设为晚于“有效期自”',
  },
  793: {
    status: 409,
    en: 'This charger does not take reservations of the whole charger (its ReserveConnectorZeroSupported is not true): reserve a connector instead',
    zh: '该充电桩不支持整桩预约（其 ReserveConnectorZeroSupported 不为 true）：请预约某个充电枪',
  },
  794: {
    status: 400,
    en: 'A relative profile counts from the start of a session: use it as TxDefaultProfile or TxProfile, not as the charger maximum',
    zh: '相对配置从会话开始时计时：只能用作 TxDefaultProfile 或 TxProfile，不能用作充电桩最大值',
  },
  // Commands (requirements R12.39): the outcome says what the operator should do next.
  795: {
    status: 409,
    en: 'Command sent, but the charger disconnected before answering: check its state before repeating the command',
    zh: '指令已发送，但充电桩在应答前断开连接：请先确认其状态再重复该指令',
  },
  796: { status: 409, en: 'No charging session runs there: there is nothing to stop', zh: '该处没有正在进行的充电会话：无需停止' },
  798: {
    status: 403,
    en: "Company-wide settings are changed by the operator's administrators: ask one of them",
    zh: '公司级设置只能由运营商管理员修改：请联系管理员',
  },
  797: {
    status: 400,
    en: 'Several sessions run on this charger: choose the connector or the session to stop',
    zh: '该充电桩有多个充电会话：请选择要停止的充电枪或会话',
  },
  // 800: not found
  800: { status: 404, en: 'Charge point not found', zh: '充电桩不存在' },
  801: { status: 404, en: 'Station not found', zh: '站点不存在' },
  802: { status: 404, en: 'Gateway not found', zh: '网关不存在' },
  803: { status: 404, en: 'User not found', zh: '用户不存在' },
  804: { status: 404, en: 'Rate template not found', zh: '费率模板不存在' },
  805: { status: 404, en: 'Rate detail not found', zh: '费率明细不存在' },
  806: { status: 404, en: 'Menu not found', zh: '菜单不存在' },
  807: { status: 404, en: 'Role not found', zh: '角色不存在' },
  808: { status: 404, en: 'File not found', zh: '文件不存在' },
  809: { status: 404, en: 'Firmware not found', zh: '固件不存在' },
  810: { status: 400, en: 'The station is missing its template type', zh: '站点缺少模板类型' },
  811: { status: 409, en: 'A free template cannot be edited', zh: '免费模板不能编辑' },
  812: { status: 409, en: 'The detail ending at 24:00 cannot be deleted', zh: '结束时间为24:00的明细不能删除' },
  813: { status: 404, en: 'Order export setting not found', zh: '订单导出设置不存在' },
  817: { status: 404, en: 'Reservation not found', zh: '预约不存在' },
  815: { status: 404, en: 'Report ticket not found', zh: '工单不存在' },
  819: { status: 404, en: 'Diagnostics request not found', zh: '诊断请求不存在' },
  820: { status: 404, en: 'No diagnostics file: not received yet, or removed after the retention period', zh: '没有诊断文件：尚未收到，或已在保留期后删除' },
  // OCPP security: certificates per operator (server/modules/security/certificates.ts)
  860: { status: 409, en: 'Private keys cannot be kept: CERT_KEY_SECRET is not set on the server', zh: '无法保存私钥：服务器未设置 CERT_KEY_SECRET' },
  861: { status: 409, en: 'This operator already has a charger CA', zh: '该运营商已有充电桩 CA' },
  862: {
    status: 409,
    en: 'This operator has no charger CA that can sign (generate one, or import one with its key)',
    zh: '该运营商没有可签发证书的充电桩 CA（请生成，或连同私钥导入）',
  },
  863: { status: 400, en: 'Not a CA certificate, or the private key does not match it', zh: '不是 CA 证书，或私钥与证书不匹配' },
  864: {
    status: 400,
    en: 'Certificate signing request refused (key type or size, subject or signature)',
    zh: '证书签名请求被拒绝（密钥类型或长度、主题或签名不符）',
  },
  865: { status: 404, en: 'Certificate not found', zh: '证书不存在' },
  866: { status: 400, en: 'Changing a security profile by hand must be confirmed', zh: '手动更改安全配置需要确认' },
  900: { status: 400, en: 'Name cannot contain numbers', zh: '名称不能包含数字' },
} as const satisfies Record<number, CatalogueEntry>;

export type ErrorCode = keyof typeof CATALOGUE;

/** True when `code` is in the catalogue. */
export function isCatalogueCode(code: number): code is ErrorCode {
  return Object.hasOwn(CATALOGUE, code);
}

/**
 * The message of `code` in `lang`; unknown codes fall back to 500's text. With `values`, an entry's
 * `detailed` template names them (`{window}` → `18:00–22:00`) when every placeholder has a value.
 */
export function catalogueMessage(code: number, lang: Lang, values?: MessageValues): string {
  const entry: CatalogueEntry = isCatalogueCode(code) ? CATALOGUE[code] : CATALOGUE[500];
  const template = values && entry.detailed?.[lang];
  if (template) {
    const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    if (names.every((n) => values[n] !== undefined)) return template.replace(/\{(\w+)\}/g, (_, n: string) => String(values[n]));
  }
  return entry[lang];
}

/** True when `catalogueMessage(code, lang, values)` names the values (the entry has a `detailed` template they fill). */
export function namesValues(code: number, values: MessageValues | undefined): boolean {
  return !!values && isCatalogueCode(code) && catalogueMessage(code, 'en', values) !== catalogueMessage(code, 'en');
}

/** HTTP status for a catalogue code (500 for unknown codes). */
export function httpStatusOf(code: number): number {
  return isCatalogueCode(code) ? CATALOGUE[code].status : 500;
}

/**
 * Picks the user's language from a `language` cookie value or an Accept-Language header
 * (requirements §1: default English). `zh`, `zh-CN`, `zh-Hans`… → zh.
 */
export function pickLang(cookie?: string | null, acceptLanguage?: string | null): Lang {
  if (cookie) return cookie.toLowerCase().startsWith('zh') ? 'zh' : 'en';
  if (acceptLanguage) {
    const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
    if (first.startsWith('zh')) return 'zh';
  }
  return 'en';
}
