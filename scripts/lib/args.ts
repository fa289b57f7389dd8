// The command line of every script and benchmark, read by node:util's parseArgs in strict mode: an unknown option, a
// missing value or a stray argument stops the script before it does anything, with one kind of message,
// `<script>: <what is wrong>; options: …`, and exit status 2 (1 stays "the check found problems").
import {parseArgs, type ParseArgsOptionsConfig} from 'node:util';

export type CliSpec = {
  /** How many positional arguments the script takes (default 0; `Infinity` for a list). */
  positionals?: number;
  /** What the positional arguments are, for the messages: `[build-dir]`, `[files or folders...]`. */
  args?: string;
  /** The arguments to read (default: this process's). */
  argv?: readonly string[];
};

/** `options: --out-dir <value> --fix; arguments: [files...]`: what a message or `--help` lists. */
export function describeCli(options: ParseArgsOptionsConfig, spec: CliSpec = {}): string {
  const list = Object.entries(options)
    .map(([name, o]) => `${o.short ? `-${o.short}|` : ''}--${name}${o.type === 'string' ? ' <value>' : ''}`)
    .join(' ');
  return `options: ${list || '(none)'}${spec.args ? `; arguments: ${spec.args}` : ''}`;
}

/** Stop with a usage mistake: `<script>: <message>; options: …` on stderr, exit status 2. */
export function usageExit(script: string, message: string, options: ParseArgsOptionsConfig, spec: CliSpec = {}): never {
  // parseArgs' advice on positionals that start with '-' does not apply to these scripts: the first sentence says it.
  const text = message
    .replace(/\. To specify a positional argument[\s\S]*$/, '')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\.$/, '');
  console.error(`${script}: ${text}; ${describeCli(options, spec)}`);
  process.exit(2);
}

/**
 * The command line parsed strictly (with tokens, for scripts that pass some arguments on to another tool). A mistake
 * exits through `usageExit`.
 */
export function parseCli<const O extends ParseArgsOptionsConfig>(script: string, options: O, spec: CliSpec = {}) {
  const max = spec.positionals ?? 0;
  const args = [...(spec.argv ?? process.argv.slice(2))];
  // `--help` is answered for every script (the options listed, exit 0), unless the script has its own `help` option.
  const ownHelp = 'help' in options;
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: (ownHelp ? options : {...options, help: {type: 'boolean'}}) as O,
      strict: true,
      allowPositionals: true,
      tokens: true,
    });
  } catch (err) {
    return usageExit(script, (err as Error).message, options, spec);
  }
  if (!ownHelp && (parsed.values as Record<string, unknown>).help) {
    console.log(`${script}: ${describeCli(options, spec)}`);
    process.exit(0);
  }
  if (parsed.positionals.length > max) usageExit(script, `unexpected argument '${parsed.positionals[max]}'`, options, spec);
  return parsed;
}
