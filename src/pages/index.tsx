import React from 'react';
import Layout from '@theme/Layout';
import {HomeHero, HomeSections} from '@site/src/components/Home';

export default function Home(): React.ReactElement {
  return (
    <Layout
      title="首页"
      description="凌川科技产品文档：低代码流程图控制系统、低代码 HMI 组态软件、边缘计算系统 Janus、工业云平台 Neptune、Triton 与开放平台。">
      <HomeHero />
      <HomeSections />
    </Layout>
  );
}
