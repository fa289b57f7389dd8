// MQTT payload examples against asyncapi/neptune-mqtt.yaml. A payload is matched to its message by the topic the page
// names next to it (inline code that is a topic of the document, or a part of one such as `ota/inform` or
// `…/property/set/reply`):
//   - a ```json block: the last topic named in the paragraph just before it; when the paragraph says, after that topic,
//     that the block answers it (应答, 返回, 回复, 响应), the topic's `/reply` channel. On the MQTT pages a block whose
//     paragraph names no topic is one of the messages of the topics the page's `## Topic` section lists (of any topic, on
//     a page without one), unless the paragraph says it is a REST response; on other pages only blocks with a named topic
//     are payloads;
//   - a whole message written inline after a topic (`在 \`…/invoke\` 下发 \`{"id":…,"params":…}\``): an object with `id`
//     and `params` or `code` (prose also quotes parts of messages, which are not payloads);
//   - `mosquitto_pub` / `mosquitto_rr` commands: the `-m` payload on the `-t` topic (shell variables in the payload, such as
//     `$TS`, are replaced by 1735689600000, the pages' timestamp);
//   - `mosquitto_sub -v` output lines `<topic> <payload>` in shell-session blocks.
// A payload validates when it matches one message of its channel(s) (shadow/delta carries several). Custom topics carry
// any bytes (no JSON schema): their payloads are not parsed. Ajv 8 with ajv-formats, JSON Schema draft-07 (the AsyncAPI
// schema format).
import fs from 'node:fs';
import path from 'node:path';
import Ajv, {type ValidateFunction} from 'ajv';
import addFormats from 'ajv-formats';
import YAML from 'yaml';
import {ROOT} from '../../../plugins/lib/paths';
import {shellWords} from '../../check-api-mock';
import {UNKNOWN, objectKeys, type Problem} from './openapi';
import type {Fence} from './pages';

type Json = Record<string, unknown>;
type Message = {name: string; validate: ValidateFunction};
type Channel = {id: string; address: string; segments: string[]; messages: Message[]};

export const ASYNCAPI_DOC = {doc: 'asyncapi/neptune-mqtt.yaml', env: 'API_SAMPLES_ASYNCAPI'};
/** The timestamp the pages use; stands for a shell variable inside a payload. */
const PAGE_TIME = '1735689600000';
/** Words that say the block after a topic is its answer: 应答, 返回, 回复, 响应. */
const REPLY_WORDS = /应答|返回|回复|响应/;

export class AsyncApiDoc {
  readonly doc: Json;
  readonly channels: Channel[] = [];
  private ajv = new Ajv({allErrors: true, strict: false});

  constructor(readonly rel: string) {
    this.doc = YAML.parse(fs.readFileSync(path.resolve(ROOT, rel), 'utf8')) as Json;
    addFormats(this.ajv);
    const components = (this.doc.components as Json) ?? {};
    this.ajv.addSchema(
      {$id: 'mqtt', components: {schemas: components.schemas, messages: components.messages}},
      undefined,
      undefined,
      false,
    );
    for (const [id, ch] of Object.entries((this.doc.channels as Json) ?? {})) {
      const address = String((ch as Json).address ?? '');
      const messages: Message[] = [];
      for (const [key, m] of Object.entries(((ch as Json).messages as Json) ?? {})) {
        const ref = (m as Json).$ref as string | undefined;
        const name = ref ? ref.split('/').pop()! : key;
        const msg = (ref ? (components.messages as Json)?.[name] : m) as Json;
        if (!msg?.payload || (msg.contentType && !/json/.test(String(msg.contentType)))) continue;
        const validate = ref
          ? this.ajv.compile({$ref: `mqtt#/components/messages/${name}/payload`})
          : this.ajv.compile(msg.payload as object);
        messages.push({name, validate});
      }
      this.channels.push({id, address, segments: address.split('/'), messages});
    }
  }

  errors(v: ValidateFunction): string {
    return this.ajv.errorsText(v.errors, {dataVar: 'payload'});
  }

  /** The channels a topic can be (a topic with {@link UNKNOWN} parts, e.g. a shell variable, or a part of a topic). */
  channelsOf(topic: string): Channel[] {
    let t = topic.trim().replace(/^(…|\.\.\.)(?=\/)/, UNKNOWN);
    if (/[+#?]|:\/\//.test(t) || /\s/.test(t)) return [];
    if (!t.startsWith('$nep/') && !t.startsWith('/') && !t.startsWith(UNKNOWN)) t = `${UNKNOWN}/${t}`;
    const ts = t.split('/');
    const match = (i: number, a: number, segs: string[]): boolean => {
      if (i === ts.length && a === segs.length) return true;
      if (i === ts.length || a === segs.length) return false;
      const seg = ts[i];
      if (seg === UNKNOWN) {
        // An unknown part stands for the device prefix: `$nep` (or the empty first level) and parameters.
        for (let k = a + 1; k <= segs.length; k++) {
          if (!/^(\$nep|\{[^}]+\})?$/.test(segs[k - 1])) break;
          if (match(i + 1, k, segs)) return true;
        }
        return false;
      }
      const param = /^\{[^}]+\}$/.test(segs[a]);
      if (param && seg && !seg.includes(UNKNOWN)) {
        // The last parameter of an address (a custom topic's name) may span levels.
        if (a === segs.length - 1) return true;
        return match(i + 1, a + 1, segs);
      }
      if (param && seg.includes(UNKNOWN)) return match(i + 1, a + 1, segs);
      return seg === segs[a] && match(i + 1, a + 1, segs);
    };
    return this.channels.filter((c) => match(0, 0, c.segments));
  }

  /** The reply channel of a channel (its address + `/reply`), or the channel itself when it has none. */
  replyOf(c: Channel): Channel[] {
    const reply = this.channels.find((x) => x.address === `${c.address}/reply`);
    return reply ? [reply] : [c];
  }

  /** Field names of the payloads: schema properties, and the keys of the messages' examples (inside free-form `params`). */
  fieldNames(): Set<string> {
    const out = new Set<string>();
    const walk = (x: unknown, inSchema: boolean) => {
      if (Array.isArray(x)) x.forEach((y) => walk(y, inSchema));
      else if (x && typeof x === 'object')
        for (const [k, v] of Object.entries(x)) {
          if (k === 'properties' && inSchema && v && typeof v === 'object') for (const p of Object.keys(v)) out.add(p);
          walk(v, inSchema);
        }
    };
    const components = (this.doc.components as Json) ?? {};
    walk(components.schemas, true);
    for (const m of Object.values((components.messages as Json) ?? {})) {
      walk((m as Json).payload, true);
      for (const e of ((m as Json).examples as Json[]) ?? []) {
        for (const k of objectKeys(e.payload)) out.add(k);
      }
    }
    return out;
  }
}

export function loadAsyncApi(given?: string): AsyncApiDoc {
  const abs = path.resolve(ROOT, given ?? process.env[ASYNCAPI_DOC.env] ?? ASYNCAPI_DOC.doc);
  return new AsyncApiDoc(abs.startsWith(ROOT + path.sep) ? path.relative(ROOT, abs).split(path.sep).join('/') : abs);
}

export type Payload = {where: string; topic?: string; channels: Channel[]; json: string; source: string};

const isMqttPage = (page: string) => /(^|\/)mqtt\//.test(page);

type NamedTopic = {topic: string; channels: Channel[]; topicEnd: number; end: number; inline?: {json: string; index: number}};

/**
 * The topics a paragraph names (inline code that is a topic of the document, or a part of one), each with the inline
 * JSON payload written after it, if any; `end` is where the topic (or its payload) ends in the paragraph.
 */
function namedTopics(para: string, asyncapi: AsyncApiDoc): NamedTopic[] {
  const out: NamedTopic[] = [];
  for (const m of para.matchAll(/`([^`]+)`/g)) {
    const code = m[1];
    const last = out[out.length - 1];
    const end = (m.index ?? 0) + m[0].length;
    if (/^\s*\{[\s\S]*\}\s*$/.test(code)) {
      if (last && !last.inline) {
        last.inline = {json: code, index: m.index ?? 0};
        last.end = end;
      }
      continue;
    }
    const channels = code.includes('/') && !/\s/.test(code) ? asyncapi.channelsOf(code) : [];
    if (channels.length) out.push({topic: code, channels, topicEnd: end, end});
  }
  return out;
}
const lastTopic = (para: string, asyncapi: AsyncApiDoc) => namedTopics(para, asyncapi).pop();

/** Inline payloads in prose (`在 \`…/invoke\` 下发 \`{…}\``): whole messages written after a topic, with its channels. */
export function inlinePayloads(paragraphs: {text: string; line: number}[], page: string, asyncapi: AsyncApiDoc): Payload[] {
  const out: Payload[] = [];
  for (const p of paragraphs)
    for (const t of namedTopics(p.text, asyncapi)) {
      if (!t.inline) continue;
      // A whole message has the envelope (`id` with `params` or `code`); prose also quotes parts of one (`{}`, a value,
      // `{"code":40000,…}`), which are not payloads.
      let v: unknown;
      try {
        v = JSON.parse(t.inline.json);
      } catch {
        continue;
      }
      if (!v || typeof v !== 'object' || !('id' in v) || !('params' in v || 'code' in v)) continue;
      const between = p.text.slice(t.topicEnd, t.inline.index);
      const channels = REPLY_WORDS.test(between) ? t.channels.flatMap((c) => asyncapi.replyOf(c)) : t.channels;
      const line = p.line + p.text.slice(0, t.inline.index).split('\n').length - 1;
      out.push({where: `${page}:${line}`, topic: t.topic, channels, json: t.inline.json, source: 'inline code'});
    }
  return out;
}

/** The payload examples of a page's blocks, with the channels each can be; `skipped` gets the blocks left out. */
export function payloadsOf(fences: Fence[], asyncapi: AsyncApiDoc, skipped: string[]): Payload[] {
  const out: Payload[] = [];
  if (!fences.length) return out;
  const mqttPage = isMqttPage(fences[0].page);
  // The topics the page's `## Topic` section lists.
  const pageChannels = new Set<Channel>();
  for (const f of fences)
    if (/^Topic/i.test(f.section) && (f.lang === 'text' || f.lang === ''))
      for (const m of f.text.matchAll(/(\$nep\/\S+|\/\{productKey\}\/\S+)/g))
        for (const c of asyncapi.channelsOf(m[1].replace(/[`，。；;,]+$/, ''))) pageChannels.add(c);
  for (const f of fences) {
    if (f.lang === 'json' || f.lang === 'json5') {
      // The paragraph just before the block: its topics and inline payloads, in order.
      const para =
        f.before
          .trimEnd()
          .split(/\n\s*\n/)
          .pop() ?? '';
      const at = `${f.page}:${f.line + 1}`;
      const topic = lastTopic(para, asyncapi);
      const bound = topic?.inline !== undefined;
      // After the topic (or its inline payload), a reply word: the block is the reply (`…/reply`).
      const replies = topic && REPLY_WORDS.test(para.slice(topic.end));
      let channels: Channel[] | undefined;
      if (topic && replies) channels = topic.channels.flatMap((c) => asyncapi.replyOf(c));
      else if (topic && !bound) channels = topic.channels;
      if (!channels?.length) {
        if (!mqttPage) continue;
        if (/REST|HTTP|curl/.test(para)) {
          skipped.push(`${at}: JSON on an MQTT page that its prose says is a REST response, not an MQTT payload`);
          continue;
        }
        channels = pageChannels.size ? [...pageChannels] : asyncapi.channels;
      }
      out.push({
        where: at,
        topic: channels === asyncapi.channels ? undefined : topic?.topic,
        channels,
        json: f.text,
        source: 'json block',
      });
    } else if (/^(bash|sh|shell)$/.test(f.lang)) {
      const raw = f.text.split('\n');
      for (let i = 0; i < raw.length; i++) {
        // A command with its continuation lines.
        let j = i;
        while (j < raw.length - 1 && /\\\s*$/.test(raw[j])) j++;
        const group = raw.slice(i, j + 1);
        const first = i;
        i = j;
        const cmdLine = group.map((l) => l.replace(/\\\s*$/, '')).join(' ');
        if (!/\bmosquitto_(pub|rr)\b/.test(cmdLine)) continue;
        const words = shellWords(cmdLine);
        const ti = words.indexOf('-t');
        const mi = words.indexOf('-m');
        if (ti < 0 || mi < 0) continue;
        const t = words[ti + 1];
        const at = `${f.page}:${
          f.line +
          1 +
          first +
          Math.max(
            0,
            group.findIndex((l) => /(^|\s)-m(\s|$)/.test(l)),
          )
        }`;
        const topic = t.replace(/\$\{?[A-Za-z_]\w*\}?/g, UNKNOWN);
        const json = words[mi + 1].replace(/\$(\{?[A-Za-z_]\w*\}?|\d)/g, PAGE_TIME);
        const channels = asyncapi.channelsOf(topic);
        if (!channels.length) {
          skipped.push(`${at}: mosquitto payload on ${t}, not a topic of ${asyncapi.rel}`);
          continue;
        }
        out.push({where: at, topic: t, channels, json, source: 'mosquitto -m'});
      }
    } else if (f.lang === 'shell-session') {
      f.text.split('\n').forEach((l, i) => {
        const m = /^(\$nep\/\S+|\/[\w-]+\/[\w.@:-]+\/user\/\S+)\s+([{[].*)$/.exec(l.trim());
        if (!m) return;
        const channels = asyncapi.channelsOf(m[1]);
        if (channels.length)
          out.push({where: `${f.page}:${f.line + 1 + i}`, topic: m[1], channels, json: m[2], source: 'mosquitto_sub -v'});
      });
    }
  }
  return out;
}

/** Validate payloads: problems for those that match no message of their channel. */
export function validatePayloads(payloads: Payload[], asyncapi: AsyncApiDoc): {problems: Problem[]; validated: number} {
  const problems: Problem[] = [];
  let validated = 0;
  for (const p of payloads) {
    if (!p.channels.some((c) => c.messages.length)) continue; // custom topics: the platform does not parse the payload
    let value: unknown;
    try {
      value = JSON.parse(p.json);
    } catch (e) {
      problems.push({where: p.where, msg: `MQTT payload${p.topic ? ` on ${p.topic}` : ''} is not JSON: ${(e as Error).message}`});
      continue;
    }
    validated++;
    const messages = p.channels.flatMap((c) => c.messages);
    const results = messages.map((m) => ({
      m,
      ok: m.validate(value),
      errors: m.validate.errors?.length ?? 0,
      text: asyncapi.errors(m.validate),
    }));
    if (results.some((r) => r.ok)) continue;
    const best = results.sort((a, b) => a.errors - b.errors)[0];
    const names = [...new Set(messages.map((m) => m.name))];
    problems.push({
      where: p.where,
      msg: `MQTT payload${p.topic ? ` on ${p.topic}` : ''} matches no message of ${asyncapi.rel} (${names.join(', ')}): ${best.m.name}: ${best.text}`,
    });
  }
  return {problems, validated};
}
