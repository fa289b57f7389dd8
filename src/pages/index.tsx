import React from 'react';
import {translate} from '@docusaurus/Translate';
import Layout from '@theme/Layout';
import {HomeHero, HomeSections} from '@site/src/components/Home';

export default function Home(): React.ReactElement {
  return (
    <Layout
      title={translate({id: 'home.meta.title', message: '首页'})}
      description={translate({
        id: 'home.meta.description',
        message:
          '凌川科技产品文档：低代码流程图控制系统、低代码 HMI 组态软件、边缘计算系统 Janus、工业云平台 Neptune、Triton 与开放平台。',
      })}>
      <HomeHero />
      <HomeSections />
    </Layout>
  );
}
