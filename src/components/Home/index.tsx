import React from 'react';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import {OTHER_AREAS, PRODUCT_LINES, commonTasks, type ProductCard} from './products';
import styles from './styles.module.css';

function Card({card, headingLevel}: {card: ProductCard; headingLevel: 'h3'}): React.ReactElement {
  const Heading = headingLevel;
  return (
    <article className={styles.card} data-product={card.key}>
      <Heading className={styles.cardTitle}>
        <Link to={card.entry}>{card.name}</Link>
      </Heading>
      <p className={styles.version}>
        <Translate id="home.card.version" values={{product: card.short, version: card.version}}>
          {'{product} · 当前版本 {version}'}
        </Translate>
      </p>
      <p>{card.summary}</p>
      <ul className={styles.links}>
        {card.links.map((l) => (
          <li key={l.to}>
            <Link to={l.to}>{l.label}</Link>
          </li>
        ))}
      </ul>
    </article>
  );
}

export function HomeHero(): React.ReactElement {
  return (
    <header className={styles.hero}>
      <div className="container">
        <h1 className={styles.title}>
          <Translate id="home.hero.title">凌川科技文档中心</Translate>
        </h1>
        <p className={styles.subtitle}>
          <Translate id="home.hero.subtitle">
            从现场设备到边缘与云端：流程图控制、HMI 组态、边缘计算与工业云平台的使用指南、API 参考与版本说明。
          </Translate>
        </p>
        <div className={styles.actions}>
          <Link className="button button--primary button--lg" to="/docs/neptune/user/quick-start">
            <Translate id="home.hero.quickStart">5 分钟接入第一台设备</Translate>
          </Link>
          <Link className="button button--secondary button--lg" to="/search">
            <Translate id="home.hero.search">搜索文档</Translate>
          </Link>
        </div>
      </div>
    </header>
  );
}

function CardSection({id, cards, children}: {id: string; cards: ProductCard[]; children: React.ReactNode}) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id}>{children}</h2>
      <div className={styles.grid}>
        {cards.map((c) => (
          <Card key={c.key} card={c} headingLevel="h3" />
        ))}
      </div>
    </section>
  );
}

export function HomeSections(): React.ReactElement {
  return (
    <main className="container">
      <CardSection id="home-products" cards={PRODUCT_LINES}>
        <Translate id="home.products.title">产品线</Translate>
      </CardSection>
      <CardSection id="home-more" cards={OTHER_AREAS}>
        <Translate id="home.more.title">采集代理、开放平台与应用</Translate>
      </CardSection>
      <section className={styles.section} aria-labelledby="home-tasks">
        <h2 id="home-tasks">
          <Translate id="home.tasks.title">常用任务</Translate>
        </h2>
        <ul className={styles.tasks}>
          {commonTasks().map((t) => (
            <li key={t.to}>
              <Link to={t.to}>{t.label}</Link>
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.section} aria-labelledby="home-fit">
        <h2 id="home-fit">
          <Translate id="home.fit.title">产品如何协同</Translate>
        </h2>
        <p>
          <Translate id="home.fit.text">
            Triton 从 PLC、数控系统和仪表采集数据，上行到现场的 Janus 边缘网关，或直接通过 MQTT 上行到 Neptune 工业云平台。Janus
            管理设备、数据与边缘应用（HMI 组态应用、开放平台应用、义齿设备管理应用），并可把数据转发到
            Neptune。流程图控制系统在工控机上驱动运动控制卡，操作员画面由 HMI 组态软件提供。
          </Translate>
        </p>
      </section>
    </main>
  );
}
