// 「签名计算工具」: the REST request signature of Neptune (canonical query, body hash, string to sign, HMAC, signature,
// the four headers and the request as curl), computed in the browser (Web Crypto) from what the reader types; nothing is
// sent or stored. The presets are the documented test vectors and reproduce them byte for byte.
import React, {useId, useState, type ReactNode} from 'react';
import {SIGN_PRESETS, type SignPreset} from '@site/src/tools/presets';
import {curlCommand, newNonce, signRequest, type SignResult} from '@site/src/tools/neptune-auth';
import {useReaderValues} from '@site/src/env/store';
import {activeValues, substitute} from '@site/src/env/substitute';
import {useReaderValuesData} from '@site/src/env/useReaderFields';
import {Input, NoCrypto, Output, useComputed} from './parts';
import forms from '@site/src/css/forms.module.css';
import styles from './styles.module.css';

type Form = Omit<SignPreset, 'label' | 'page'>;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const EMPTY: SignResult = {canonicalQuery: '', bodyHash: '', stringToSign: '', hmacHex: '', signature: ''};
const fromPreset = ({label: _l, page: _p, ...form}: SignPreset): Form => form;

export default function SignatureTool(): ReactNode {
  const id = useId();
  const [form, setForm] = useState<Form>(() => fromPreset(SIGN_PRESETS[0]));
  const [result, noCrypto] = useComputed(signRequest, form, EMPTY);
  const {fields} = useReaderValuesData();
  const values = useReaderValues();
  const active = activeValues(fields, values);

  const set = (k: keyof Form) => (v: string) => setForm((f) => ({...f, [k]: v}));
  const mine = () =>
    setForm((f) => ({
      ...f,
      host: active.get('neptuneApiHost') ?? f.host,
      accessKeyId: active.get('accessKeyId') ?? f.accessKeyId,
      path: substitute(f.path, ['productKey', 'deviceName'], fields, values),
      query: substitute(f.query, ['productKey', 'deviceName'], fields, values),
      body: substitute(f.body, ['productKey', 'deviceName'], fields, values),
    }));
  const bodyBytes = new TextEncoder().encode(form.body).length;
  const bodyHint =
    (form.method === 'GET' || form.method === 'DELETE') && form.body
      ? `${form.method} 请求没有请求体：清空此栏，摘要取空字符串的摘要`
      : `${bodyBytes} 字节（UTF-8）。摘要按实际发送的字节计算：空格、换行和键的顺序都算在内`;
  const headers = result.signature
    ? [
        `X-Nep-AccessKey: ${form.accessKeyId}`,
        `X-Nep-Timestamp: ${form.timestamp}`,
        `X-Nep-Nonce: ${form.nonce}`,
        `X-Nep-Signature: ${result.signature}`,
      ].join('\n')
    : '';

  return (
    <form className={styles.tool} onSubmit={(e) => e.preventDefault()} aria-label="签名计算工具" data-tool="signature">
      <div className={styles.presets}>
        {SIGN_PRESETS.map((p) => (
          <button
            key={p.label}
            type="button"
            className="button button--sm button--secondary"
            onClick={() => setForm(fromPreset(p))}>
            填入{p.label}
          </button>
        ))}
        <button type="button" className="button button--sm button--secondary" disabled={active.size === 0} onClick={mine}>
          填入我的环境
        </button>
        <button
          type="button"
          className="button button--sm button--secondary"
          onClick={() => setForm((f) => ({...f, timestamp: String(Date.now()), nonce: newNonce()}))}>
          用当前时间和新的 Nonce
        </button>
      </div>
      <div className={forms.row}>
        <label htmlFor={`${id}-method`}>请求方法</label>
        <select id={`${id}-method`} className={forms.input} value={form.method} onChange={(e) => set('method')(e.target.value)}>
          {METHODS.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </select>
      </div>
      <Input id={`${id}-host`} label="主机" value={form.host} onChange={set('host')} hint="只用于下面的 curl 命令，不参与签名" />
      <Input
        id={`${id}-path`}
        label="路径"
        value={form.path}
        onChange={set('path')}
        hint={form.path.startsWith('/v2/') || form.path === '/v2' ? undefined : '路径以 /v2 开头，与实际发送的字节一致'}
      />
      <Input id={`${id}-query`} label="查询字符串" value={form.query} onChange={set('query')} hint="? 之后的部分，可以不排序" />
      <Input id={`${id}-body`} label="请求体" value={form.body} onChange={set('body')} multiline hint={bodyHint} />
      <Input id={`${id}-ts`} label="X-Nep-Timestamp" value={form.timestamp} onChange={set('timestamp')} />
      <Input id={`${id}-nonce`} label="X-Nep-Nonce" value={form.nonce} onChange={set('nonce')} />
      <Input id={`${id}-ak`} label="AccessKeyId" value={form.accessKeyId} onChange={set('accessKeyId')} />
      <Input
        id={`${id}-sk`}
        label="AccessKeySecret"
        value={form.accessKeySecret}
        onChange={set('accessKeySecret')}
        secret
        hint="只在本页计算，不保存、不发送"
      />
      {noCrypto ? (
        <NoCrypto fallback={{to: '/docs/neptune/api/signature-examples#command-line', label: '签名示例代码中的命令行方法'}} />
      ) : null}
      <Output label="规范化查询字符串" value={result.canonicalQuery} name="canonicalQuery" />
      <Output label="请求体摘要（SHA-256）" value={result.bodyHash} name="bodyHash" />
      <Output label="待签名字符串（StringToSign，6 行）" value={result.stringToSign} name="stringToSign" />
      <Output label="HMAC-SHA256（十六进制，仅供核对）" value={result.hmacHex} name="hmacHex" />
      <Output label="签名（X-Nep-Signature）" value={result.signature} name="signature" />
      <Output label="签名相关请求头" value={headers} name="headers" />
      <Output label="curl 命令" value={result.signature ? curlCommand(form, result.signature) : ''} name="curl" />
    </form>
  );
}
