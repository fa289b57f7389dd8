import {translate} from '@docusaurus/Translate';
// The home page's cards come from the area registry (src/areas.ts); the common tasks are the home page's own.
export {OTHER_AREAS, PRODUCT_LINES, type Area as ProductCard} from '../../areas';

/** The home page's common tasks (translatable interface strings; the links are pages of the docs). */
export function commonTasks(): {label: string; to: string}[] {
  return [
    {label: translate({id: 'home.task.mqtt', message: '用 MQTT 把设备接入 Neptune'}), to: '/docs/neptune/user/connect/overview'},
    {label: translate({id: 'home.task.mqttPassword', message: '计算 MQTT 连接密码'}), to: '/docs/neptune/api/mqtt/connect'},
    {label: translate({id: 'home.task.signature', message: '为 REST API 请求签名'}), to: '/docs/neptune/api/authentication'},
    {
      label: translate({id: 'home.task.offlineActivation', message: '离线激活 Janus'}),
      to: '/docs/janus/user/activation/offline-activation',
    },
    {label: translate({id: 'home.task.realtime', message: '订阅 Janus 实时数据'}), to: '/docs/janus/api/device/realtime-data'},
    {label: translate({id: 'home.task.axis', message: '配置运动控制轴'}), to: '/docs/automation/motion_parameter/axis-config'},
    {label: translate({id: 'home.task.triton', message: '部署 Triton 采集代理'}), to: '/docs/triton/deploy/linux'},
    {
      label: translate({id: 'home.task.tutorial', message: '端到端教程：从 PLC 到云端规则'}),
      to: '/docs/neptune/user/end-to-end-tutorial',
    },
    {label: translate({id: 'home.task.errors', message: 'Neptune 错误码'}), to: '/docs/neptune/api/errors'},
  ];
}
