// 计算 Neptune REST API 请求签名（X-Nep-Signature）。Node.js 18 及以上，无第三方依赖。
// 运行：node sign.js
// 输出：文档「请求签名与认证」中示例请求的签名（一行）。
'use strict';
const crypto = require('node:crypto');

// RFC 3986 编码：除 A-Z a-z 0-9 - _ . ~ 外的字节一律编码为 %XY（大写十六进制），空格为 %20。
function percentEncode(s) {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

// 规范化查询字符串：名称和值分别编码后，先按名称、再按值的字节序升序排列，用 & 连接。
function canonicalQuery(params) {
  const cmp = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  return params
    .map(([name, value]) => [percentEncode(name), percentEncode(value)])
    .sort((a, b) => cmp(a[0], b[0]) || cmp(a[1], b[1]))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function sign({method, path, query, timestamp, nonce, body, accessKeySecret}) {
  const bodyHash = crypto.createHash('sha256').update(body, 'utf8').digest('hex');
  const stringToSign = [method.toUpperCase(), path, canonicalQuery(query), String(timestamp), nonce, bodyHash].join('\n');
  return crypto.createHmac('sha256', accessKeySecret).update(stringToSign, 'utf8').digest('base64');
}

// 文档中的示例请求。实际调用时 timestamp 取 Date.now()，nonce 取 crypto.randomUUID().replaceAll('-', '')。
const signature = sign({
  method: 'POST',
  path: '/v2/devices/pk7Hc2xQm9A/press-01/services/setStrokeRate:invoke',
  query: [['timeout', '5000']],
  timestamp: 1735689600000,
  nonce: '3f8a2c1e9b7d4f06a5e1c2d3b4a59687',
  body: '{"params":{"rate":30}}',
  accessKeySecret: 'nepSk7f3a9c2e4b6d8f0a1c3e5b7d9f2a4c6e',
});
console.log(signature);
