// Prism themes with every token colour raised to a minimum contrast against the code background (WCAG AA: 4.5:1).
// The GitHub and Dracula themes fail it for comments and a few token kinds; hues are kept, only lightness moves.
import type {PrismTheme} from 'prism-react-renderer';

type RGB = [number, number, number];

function parse(color: string): RGB | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (hex) {
    const h = hex[1].length === 3 ? hex[1].replace(/./g, '$&$&') : hex[1];
    return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as RGB;
  }
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/i.exec(color.trim());
  return rgb ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])] : null;
}

const toHex = (c: RGB) => '#' + c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');

function luminance([r, g, b]: RGB): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(a: RGB, b: RGB): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour moved towards black (on light backgrounds) or white (on dark ones) until it reaches the ratio. */
/** A translucent colour laid over an opaque one, as the browser paints a highlighted code line. */
export function blend(overlay: string, alpha: number, background: string): string {
  const [fg, bg] = [parse(overlay), parse(background)];
  if (!fg || !bg) return background;
  return toHex(fg.map((v, i) => v * alpha + bg[i] * (1 - alpha)) as RGB);
}

/**
 * The colour moved towards black (on light backgrounds) or white (on dark ones) until it reaches the ratio against every
 * given background (the code background, and the highlighted-line background painted over it).
 */
export function withContrast(color: string, backgrounds: string | string[], ratio = 4.5): string {
  const fg = parse(color);
  const bgs = (Array.isArray(backgrounds) ? backgrounds : [backgrounds]).map(parse).filter((b): b is RGB => !!b);
  if (!fg || !bgs.length) return color;
  const ok = (c: RGB) => bgs.every((bg) => contrast(c, bg) >= ratio);
  if (ok(fg)) return color;
  const target: RGB = luminance(bgs[0]) > 0.5 ? [0, 0, 0] : [255, 255, 255];
  for (let t = 0.02; t <= 1; t += 0.02) {
    const mixed = fg.map((v, i) => v + (target[i] - v) * t) as RGB;
    if (ok(mixed)) return toHex(mixed);
  }
  return toHex(target);
}

export function accessibleTheme(theme: PrismTheme, extraBackgrounds: string[] = [], ratio = 4.5): PrismTheme {
  const bgs = [String(theme.plain.backgroundColor ?? '#ffffff'), ...extraBackgrounds];
  const fix = <T extends {color?: string}>(style: T): T =>
    style.color ? {...style, color: withContrast(style.color, bgs, ratio)} : style;
  return {
    ...theme,
    plain: fix(theme.plain),
    styles: theme.styles.map((s) => ({...s, style: fix(s.style)})),
  };
}
