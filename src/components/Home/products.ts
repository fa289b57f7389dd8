/** The product lines and areas shown on the home page, in navbar order (docs-guide/product-facts.md). */
export type ProductCard = {
  key: string;
  name: string;
  short: string;
  version: string;
  summary: string;
  links: {label: string; to: string}[];
};

export const PRODUCT_LINES: ProductCard[] = [
  {
    key: 'automation',
    name: '低代码流程图控制系统软件',
    short: 'WorkFlow',
    version: '3.2',
    summary: '在工控机上用流程图编排运动控制与 IO 逻辑，驱动 LC-MC400、LC-MC800 与 LC-ECM64 EtherCAT 运动控制卡。',
    links: [
      {label: '产品简介', to: '/docs/automation/work-flow-intro'},
      {label: '入门案例一：单轴往复运动', to: '/docs/automation/quick_start/case-1'},
      {label: '硬件选型', to: '/docs/automation/hardware_selection'},
    ],
  },
  {
    key: 'lowcode',
    name: '低代码 HMI 组态软件',
    short: 'HMI',
    version: '1.6',
    summary: '在浏览器里拖拽设计操作员画面，绑定 Janus 设备数据点与流程图变量，发布为 Janus 应用并在 HMI Viewer 运行。',
    links: [
      {label: '产品简介', to: '/docs/lowcode/hmi'},
      {label: '快速开始', to: '/docs/lowcode/quick-start'},
      {label: '部署为 Janus 应用', to: '/docs/lowcode/deploy-use/deploy-as-janus-app'},
    ],
  },
  {
    key: 'janus',
    name: '边缘计算系统软件 Janus',
    short: 'Janus',
    version: '2.4',
    summary: '运行在工业网关和工控机上，连接现场设备、管理数据点与边缘应用，并可把数据转发到 Neptune。',
    links: [
      {label: '产品简介', to: '/docs/janus/user/introduction'},
      {label: '申请试用', to: '/docs/janus/user/trial-janus'},
      {label: 'Janus API', to: '/docs/janus/api/introduction'},
    ],
  },
  {
    key: 'neptune',
    name: '工业云平台及服务 Neptune',
    short: 'Neptune',
    version: '2.9',
    summary: '云端设备接入与管理平台：MQTT 接入、物模型、设备影子、规则引擎、告警与 OTA 升级。',
    links: [
      {label: '产品简介', to: '/docs/neptune/user/introduction'},
      {label: '快速入门：5 分钟接入第一台设备', to: '/docs/neptune/user/quick-start'},
      {label: 'API 概览', to: '/docs/neptune/api/introduction'},
    ],
  },
];

export const OTHER_AREAS: ProductCard[] = [
  {
    key: 'triton',
    name: 'Triton 数据采集代理与驱动开发套件',
    short: 'Triton',
    version: '1.8',
    summary: '从 PLC、数控系统和仪表采集数据，上行到 Janus 或 Neptune；支持用 Go 或 C 开发自定义驱动。',
    links: [
      {label: 'Triton 简介', to: '/docs/triton/introduction'},
      {label: '在 Linux 上部署', to: '/docs/triton/deploy/linux'},
    ],
  },
  {
    key: 'open-platform',
    name: '凌川开放平台',
    short: '开放平台',
    version: 'SDK 2.4',
    summary: '用 JavaScript / TypeScript 开发运行在 Janus 上的应用，调用设备、路由、工具与网络请求接口。',
    links: [
      {label: '开放平台简介', to: '/docs/open-platform/introduction'},
      {label: '开发第一个 Janus 应用', to: '/docs/open-platform/getting-started'},
    ],
  },
  {
    key: 'denture',
    name: '义齿设备管理应用',
    short: '义齿设备管理',
    version: '1.2',
    summary: '面向义齿加工中心的 Janus 应用：管理切削机、3D 打印机、烧结炉和扫描仪的状态、任务与维护。',
    links: [{label: '使用指南', to: '/docs/apps/denture/denture-device-management'}],
  },
];

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
