// 「MQTT 连接参数计算」: clientId, username and password of a 一机一密 device, computed in the browser (Web Crypto) from
// what the reader types; nothing is sent or stored. The preset reproduces the documented example byte for byte.
import React, {useId, useState, type ReactNode} from 'react';
import {MQTT_PRESET} from '@site/src/tools/presets';
import {mqttConnectParams, type MqttInput, type MqttResult} from '@site/src/tools/neptune-auth';
import {ruleProblem} from '@site/src/env/rule-texts';
import {useReaderValues} from '@site/src/env/store';
import {activeValues} from '@site/src/env/substitute';
import {useReaderValuesData} from '@site/src/env/useReaderFields';
import {Input, NoCrypto, Output, useComputed} from './parts';
import styles from './styles.module.css';

const EMPTY: MqttResult = {clientId: '', username: '', content: '', password: ''};
const {page: _page, ...EXAMPLE} = MQTT_PRESET;

export default function MqttConnectTool(): ReactNode {
  const id = useId();
  const [input, setInput] = useState<MqttInput>(EXAMPLE);
  const [result, noCrypto] = useComputed(mqttConnectParams, input, EMPTY);
  const {fields} = useReaderValuesData();
  const active = activeValues(fields, useReaderValues());
  const mqttHost = active.get('neptuneMqttHost') ?? fields.find((f) => f.field === 'neptuneMqttHost')?.example ?? '';

  const set = (k: keyof MqttInput) => (v: string) => setInput((i) => ({...i, [k]: v}));
  const tsProblem = /^\d{13}$/.test(input.timestamp) ? null : '13 位毫秒时间戳';
  const secretProblem = /^[0-9a-f]{32}$/.test(input.deviceSecret) ? null : 'deviceSecret 是 32 位小写十六进制字符';
  const command = result.password
    ? [
        `mosquitto_sub -h ${mqttHost} -p 8883 --capath /etc/ssl/certs -V mqttv311 -k 60`,
        `-i '${result.clientId}'`,
        `-u '${result.username}'`,
        `-P '${result.password}'`,
        `-t '$nep/${input.productKey}/${input.deviceName}/#' -q 1 -v`,
      ].join(' \\\n  ')
    : '';

  return (
    <form className={styles.tool} onSubmit={(e) => e.preventDefault()} aria-label="MQTT 连接参数计算" data-tool="mqtt">
      <div className={styles.presets}>
        <button type="button" className="button button--sm button--secondary" onClick={() => setInput(EXAMPLE)}>
          填入文档示例
        </button>
        <button
          type="button"
          className="button button--sm button--secondary"
          disabled={!active.has('productKey') && !active.has('deviceName')}
          onClick={() =>
            setInput((i) => ({
              ...i,
              productKey: active.get('productKey') ?? i.productKey,
              deviceName: active.get('deviceName') ?? i.deviceName,
            }))
          }>
          填入我的环境
        </button>
        <button
          type="button"
          className="button button--sm button--secondary"
          onClick={() => setInput((i) => ({...i, timestamp: String(Date.now())}))}>
          用当前时间
        </button>
      </div>
      <Input
        id={`${id}-pk`}
        label="productKey"
        value={input.productKey}
        onChange={set('productKey')}
        hint={ruleProblem('productKey', input.productKey) ?? undefined}
      />
      <Input
        id={`${id}-dn`}
        label="deviceName"
        value={input.deviceName}
        onChange={set('deviceName')}
        hint={ruleProblem('deviceName', input.deviceName) ?? undefined}
      />
      <Input
        id={`${id}-secret`}
        label="deviceSecret"
        value={input.deviceSecret}
        onChange={set('deviceSecret')}
        secret
        hint={secretProblem ?? '只在本页计算，不保存、不发送'}
      />
      <Input
        id={`${id}-ts`}
        label="timestamp"
        value={input.timestamp}
        onChange={set('timestamp')}
        hint={tsProblem ?? '与服务器时钟相差超过 15 分钟的连接被拒绝（CONNACK 4）'}
      />
      {noCrypto ? (
        <NoCrypto fallback={{to: '/docs/neptune/api/mqtt/connect#password-example', label: '建立 MQTT 连接中的密码计算示例'}} />
      ) : null}
      <Output label="clientId" value={result.clientId} name="clientId" />
      <Output label="username" value={result.username} name="username" />
      <Output label="待计算 HMAC 的内容（content）" value={result.content} name="content" />
      <Output label="password" value={result.password} name="password" />
      <Output label="用 mosquitto_sub 连接（8883 端口）" value={command} name="command" />
    </form>
  );
}
