// The documented worked examples, as the tools' 「填入文档示例」 presets. tests/unit/reader-values.spec.ts computes each
// and finds its results on the pages that document it, so a preset and its page cannot drift apart.
import type {MqttInput, SignInput} from './neptune-auth';

export type SignPreset = SignInput & {label: string; page: string; host: string; accessKeyId: string};

export const SIGN_PRESETS: SignPreset[] = [
  {
    label: '向量 1：调用服务',
    page: 'neptune/api/signature-examples',
    host: 'api.neptune.example.com',
    method: 'POST',
    path: '/v2/devices/pk7Hc2xQm9A/press-01/services/setStrokeRate:invoke',
    query: 'timeout=5000',
    body: '{"params":{"rate":30}}',
    timestamp: '1735689600000',
    nonce: '3f8a2c1e9b7d4f06a5e1c2d3b4a59687',
    accessKeyId: 'AKNEP2024EXAMPLE01',
    accessKeySecret: 'nepSk7f3a9c2e4b6d8f0a1c3e5b7d9f2a4c6e',
  },
  {
    label: '向量 2：查询设备列表',
    page: 'neptune/api/signature-examples',
    host: 'api.neptune.example.com',
    method: 'GET',
    path: '/v2/devices',
    query: 'productKey=pk7Hc2xQm9A&pageSize=20&pageNo=1',
    body: '',
    timestamp: '1735689600000',
    nonce: 'b1d4e7a09c2f4e5a8d3b6c9f0e1a2b3c',
    accessKeyId: 'AKNEP2024EXAMPLE01',
    accessKeySecret: 'nepSk7f3a9c2e4b6d8f0a1c3e5b7d9f2a4c6e',
  },
];

export const MQTT_PRESET: MqttInput & {page: string} = {
  page: 'neptune/api/mqtt/connect',
  productKey: 'pk7Hc2xQm9A',
  deviceName: 'press-01',
  deviceSecret: '9f86d081884c7d659a2feaa0c55ad015',
  timestamp: '1735689600000',
};
