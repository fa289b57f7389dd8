// Why a 「我的环境」 value is refused, in the reader's words (the checks themselves are ./rules.ts).
import {fitsRule} from './rules';

export const RULE_TEXTS: Record<string, string> = {
  host: '主机名或 IPv4 地址，如 iot.example.cn 或 10.0.8.15；不带 http://、端口和路径',
  productKey: '11 个字母或数字，如 pk7Hc2xQm9A',
  deviceName: '4–32 个字符，只能包含字母、数字和 - _ . @ :',
  accessKeyId: 'AKNEP 加 13 个大写字母或数字，共 18 个字符',
  janusAppKey: '以 jk_ 开头，后面只有字母和数字',
  janusDeviceId: '1–64 位字母、数字、- 和 _，以字母或数字开头',
  appId: '反向域名形式的小写 ID，如 com.example.press-monitor',
};

/** Why a value breaks its field's rule, or null when it fits. */
export function ruleProblem(rule: string, value: string): string | null {
  return fitsRule(rule, value) ? null : (RULE_TEXTS[rule] ?? 'format');
}
