// 计算 Neptune MQTT 连接密码（一机一密）。Node.js 18 及以上，无第三方依赖。
// 运行：node password.js
// 输出：文档「建立 MQTT 连接」中示例设备 press-01 的 MQTT password（一行）。
'use strict';
const crypto = require('node:crypto');

function mqttCredentials({productKey, deviceName, deviceSecret, timestamp}) {
  const content = `deviceName=${deviceName}&productKey=${productKey}&timestamp=${timestamp}`;
  return {
    clientId: `${productKey}.${deviceName}`,
    username: `${deviceName}&${productKey}&${timestamp}`,
    password: crypto.createHmac('sha256', deviceSecret).update(content, 'utf8').digest('hex'),
  };
}

// 文档中的示例设备。实际连接时 timestamp 取 Date.now()，每次重连都重新计算。
const {password} = mqttCredentials({
  productKey: 'pk7Hc2xQm9A',
  deviceName: 'press-01',
  deviceSecret: '9f86d081884c7d659a2feaa0c55ad015',
  timestamp: 1735689600000,
});
console.log(password);
