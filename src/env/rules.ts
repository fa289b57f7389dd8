// The check each 「我的环境」 value must pass before it is stored or substituted (the words that explain a refusal are in
// ./rule-texts.ts, loaded with the panel and the tools only). A value that breaks its rule is ignored if it reaches
// storage some other way.

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const DNS_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const DNS_NAME = new RegExp(`^(?=.{1,253}$)${DNS_LABEL}(?:\\.${DNS_LABEL})*$`);

export const RULES: Record<string, (value: string) => boolean> = {
  /** An IPv4 address, or a DNS name that is not made of digits and dots only (those must be a valid IPv4 address). */
  host: (v) => (/^[\d.]+$/.test(v) ? IPV4.test(v) : DNS_NAME.test(v)),
  productKey: (v) => /^[A-Za-z0-9]{11}$/.test(v),
  deviceName: (v) => /^[A-Za-z0-9_.@:-]{4,32}$/.test(v),
  accessKeyId: (v) => /^AKNEP[A-Z0-9]{13}$/.test(v),
  janusAppKey: (v) => /^jk_[A-Za-z0-9]{1,61}$/.test(v),
  janusDeviceId: (v) => /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(v),
  appId: (v) => v.length <= 128 && /^[a-z][a-z0-9]*(\.[a-z0-9][a-z0-9-]*)+$/.test(v),
};

/** Whether a value fits its field's rule (an empty value means "use the example" and fits). */
export function fitsRule(rule: string, value: string): boolean {
  const test = RULES[rule];
  if (!test) throw new Error(`unknown reader-value rule "${rule}" (src/env/rules.ts)`);
  return value === '' || test(value);
}
