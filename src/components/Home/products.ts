// The home page's cards come from the area registry (src/areas.ts); the common tasks are the home page's own.
export {OTHER_AREAS, PRODUCT_LINES, type Area as ProductCard} from '../../areas';

export const COMMON_TASKS: {label: string; to: string}[] = [
  {label: '用 MQTT 把设备接入 Neptune', to: '/docs/neptune/user/connect/overview'},
  {label: '计算 MQTT 连接密码', to: '/docs/neptune/api/mqtt/connect'},
  {label: '为 REST API 请求签名', to: '/docs/neptune/api/authentication'},
  {label: '离线激活 Janus', to: '/docs/janus/user/activation/offline-activation'},
  {label: '订阅 Janus 实时数据', to: '/docs/janus/api/device/realtime-data'},
  {label: '配置运动控制轴', to: '/docs/automation/motion_parameter/axis-config'},
  {label: '部署 Triton 采集代理', to: '/docs/triton/deploy/linux'},
  {label: 'Neptune 错误码', to: '/docs/neptune/api/errors'},
];
