// The rule each 「我的环境」 value must follow before it is stored or substituted. A value that breaks its rule is refused in
// the panel with the rule's text, and ignored if it reaches storage some other way.

type Rule = {test: (value: string) => boolean; text: string};

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const DNS_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const DNS_NAME = new RegExp(`^(?=.{1,253}$)${DNS_LABEL}(?:\\.${DNS_LABEL})*$`);

/** An IPv4 address, or a DNS name that is not made of digits and dots only (those must be a valid IPv4 address). */
const isHost = (v: string) => (/^[\d.]+$/.test(v) ? IPV4.test(v) : DNS_NAME.test(v));

export const RULES: Record<string, Rule> = {
  host: {test: isHost, text: '主机名或 IPv4 地址，如 iot.example.cn 或 10.0.8.15；不带 http://、端口和路径'},
  productKey: {test: (v) => /^[A-Za-z0-9]{11}$/.test(v), text: '11 个字母或数字，如 pk7Hc2xQm9A'},
  deviceName: {
    test: (v) => /^[A-Za-z0-9_.@:-]{4,32}$/.test(v),
    text: '4–32 个字符，只能包含字母、数字和 - _ . @ :',
  },
  accessKeyId: {test: (v) => /^AKNEP[A-Z0-9]{13}$/.test(v), text: 'AKNEP 加 13 个大写字母或数字，共 18 个字符'},
  janusAppKey: {test: (v) => /^jk_[A-Za-z0-9]{1,61}$/.test(v), text: '以 jk_ 开头，后面只有字母和数字'},
  janusDeviceId: {
    test: (v) => /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(v),
    text: '1–64 位字母、数字、- 和 _，以字母或数字开头',
  },
  appId: {
    test: (v) => v.length <= 128 && /^[a-z][a-z0-9]*(\.[a-z0-9][a-z0-9-]*)+$/.test(v),
    text: '反向域名形式的小写 ID，如 com.example.press-monitor',
  },
};

/** Why a value breaks its field's rule, or null when it fits (an empty value means "use the example"). */
export function ruleProblem(rule: string, value: string): string | null {
  const r = RULES[rule];
  if (!r) throw new Error(`unknown reader-value rule "${rule}" (src/env/rules.ts)`);
  return value === '' || r.test(value) ? null : r.text;
}
