// The pen a technical line drawing is made with, in McMaster-Carr's manner: black outlines on white,
// thin dimension lines ending in arrows with the value beside them, leaders to notes. Every text goes
// through escapeXml here, so no drawer can forget it (a value is whatever an operator typed).
import { escapeXml } from "../../../domain/text/xml";

export const CANVAS = 400;
const FONT_SIZE = 13;
const ARROW = 8;
// Arial's letters average a little over half their size: enough to keep a label clear of lines.
const textWidth = (text: string) => text.length * FONT_SIZE * 0.56;

const r1 = (value: number) => Math.round(value * 10) / 10;

export type Anchor = "start" | "middle" | "end";

export class Sketch {
  private readonly outlines: string[] = [];
  private readonly thin: string[] = [];
  private readonly ink: string[] = [];

  /** An outline: `d` is SVG path data; `filled` hides what is drawn behind it. */
  path(d: string, { filled = false }: { filled?: boolean } = {}) {
    this.outlines.push(`<path d="${d}"${filled ? ' fill="#fff"' : ""}/>`);
    return this;
  }

  rect(x: number, y: number, width: number, height: number, { radius = 0, filled = false } = {}) {
    const corner = radius > 0 ? ` rx="${r1(radius)}"` : "";
    this.outlines.push(
      `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(width)}" height="${r1(height)}"${corner}${filled ? ' fill="#fff"' : ""}/>`,
    );
    return this;
  }

  circle(cx: number, cy: number, r: number, { filled = false } = {}) {
    this.outlines.push(`<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}"${filled ? ' fill="#fff"' : ""}/>`);
    return this;
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, { filled = false } = {}) {
    this.outlines.push(
      `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}"${filled ? ' fill="#fff"' : ""}/>`,
    );
    return this;
  }

  /** A thin line: detail (threads, flutes, ribs) rather than outline. */
  detail(d: string) {
    this.thin.push(`<path d="${d}"/>`);
    return this;
  }

  /** Hidden edges, dashed. */
  hidden(d: string) {
    this.thin.push(`<path d="${d}" stroke-dasharray="5 3"/>`);
    return this;
  }

  /** Centre lines, long dash and dot, through a round part (halfHeight 0: the axis only). */
  centre(cx: number, cy: number, halfWidth: number, halfHeight = halfWidth) {
    const across = halfHeight > 0 ? `M${r1(cx)} ${r1(cy - halfHeight)}V${r1(cy + halfHeight)}` : "";
    this.thin.push(
      `<path d="M${r1(cx - halfWidth)} ${r1(cy)}H${r1(cx + halfWidth)}${across}" stroke-dasharray="12 3 2 3"/>`,
    );
    return this;
  }

  /** A solid arrowhead with its tip at (x, y), pointing along `angle` (radians). */
  private arrow(x: number, y: number, angle: number) {
    const back = (side: number) =>
      `${r1(x - ARROW * Math.cos(angle) + side * 3 * Math.sin(angle))} ${r1(y - ARROW * Math.sin(angle) - side * 3 * Math.cos(angle))}`;
    this.ink.push(`<path d="M${r1(x)} ${r1(y)}L${back(1)}L${back(-1)}Z"/>`);
  }

  /** Text on a white ground, so lines it crosses do not run through it. */
  label(x: number, y: number, text: string, anchor: Anchor = "middle", { bold = false, size = FONT_SIZE } = {}) {
    if (!text) return this;
    const width = (textWidth(text) * size) / FONT_SIZE;
    const left = anchor === "start" ? x : anchor === "end" ? x - width : x - width / 2;
    this.ink.push(
      `<rect x="${r1(left - 2)}" y="${r1(y - size + 2)}" width="${r1(width + 4)}" height="${r1(size + 2)}" fill="#fff"/>`,
      `<text x="${r1(x)}" y="${r1(y)}" text-anchor="${anchor}"${bold ? ' font-weight="700"' : ""}${size === FONT_SIZE ? "" : ` font-size="${size}"`}>${escapeXml(text)}</text>`,
    );
    return this;
  }

  /** Notes one under another, centred on x from y down; missing ones are left out. */
  notes(x: number, y: number, texts: (string | undefined)[], step = 18) {
    texts
      .filter((text): text is string => Boolean(text))
      .forEach((text, i) => {
        this.label(x, y + i * step, text);
      });
    return this;
  }

  /**
   * A horizontal dimension from x1 to x2 on the line y, its value above the middle. `from` is where
   * the extension lines start (the part's edge); arrows turn outside when the gap is too small.
   */
  horizontal(x1: number, x2: number, y: number, text: string, from?: { y1: number; y2?: number }) {
    const [left, right] = x1 < x2 ? [x1, x2] : [x2, x1];
    if (from) {
      const tail = (start: number) => (y > start ? 5 : -5);
      this.thin.push(
        `<path d="M${r1(left)} ${r1(from.y1)}V${r1(y + tail(from.y1))}M${r1(right)} ${r1(from.y2 ?? from.y1)}V${r1(y + tail(from.y2 ?? from.y1))}"/>`,
      );
    }
    const outside = right - left < 3 * ARROW;
    if (outside) {
      this.thin.push(`<path d="M${r1(left - 20)} ${r1(y)}H${r1(right + 20)}"/>`);
      this.arrow(left, y, 0);
      this.arrow(right, y, Math.PI);
      return this.label(right + 24, y + 4, text, "start");
    }
    this.thin.push(`<path d="M${r1(left)} ${r1(y)}H${r1(right)}"/>`);
    this.arrow(left, y, Math.PI);
    this.arrow(right, y, 0);
    return this.label((left + right) / 2, y - 5, text);
  }

  /** A vertical dimension from y1 to y2 on the line x, its value beside the middle on `side`. */
  vertical(
    y1: number,
    y2: number,
    x: number,
    text: string,
    { side = "left", from }: { side?: "left" | "right"; from?: { x1: number; x2?: number } } = {},
  ) {
    const [top, bottom] = y1 < y2 ? [y1, y2] : [y2, y1];
    if (from) {
      const tail = (start: number) => (x > start ? 5 : -5);
      this.thin.push(
        `<path d="M${r1(from.x1)} ${r1(top)}H${r1(x + tail(from.x1))}M${r1(from.x2 ?? from.x1)} ${r1(bottom)}H${r1(x + tail(from.x2 ?? from.x1))}"/>`,
      );
    }
    const outside = bottom - top < 3 * ARROW;
    if (outside) {
      this.thin.push(`<path d="M${r1(x)} ${r1(top - 20)}V${r1(bottom + 20)}"/>`);
      this.arrow(x, top, Math.PI / 2);
      this.arrow(x, bottom, -Math.PI / 2);
    } else {
      this.thin.push(`<path d="M${r1(x)} ${r1(top)}V${r1(bottom)}"/>`);
      this.arrow(x, top, -Math.PI / 2);
      this.arrow(x, bottom, Math.PI / 2);
    }
    const middle = (top + bottom) / 2 + 4;
    return side === "left" ? this.label(x - 6, middle, text, "end") : this.label(x + 6, middle, text, "start");
  }

  /**
   * A leader: an arrow touching the part at (x, y), a line to (toX, toY), the note after it; a
   * note that would run off the picture is moved in.
   */
  leader(x: number, y: number, wantedX: number, toY: number, text: string) {
    if (!text) return this;
    const shoulder = wantedX >= x ? 10 : -10;
    const room = textWidth(text) + Math.abs(shoulder) + 8;
    const toX =
      shoulder > 0 ? Math.max(x + 4, Math.min(wantedX, CANVAS - room)) : Math.min(x - 4, Math.max(wantedX, room));
    this.thin.push(`<path d="M${r1(x)} ${r1(y)}L${r1(toX)} ${r1(toY)}h${shoulder}"/>`);
    this.arrow(x, y, Math.atan2(y - toY, x - toX));
    return this.label(toX + shoulder + (shoulder > 0 ? 4 : -4), toY + 4, text, shoulder > 0 ? "start" : "end");
  }

  /** The finished picture: white ground, outlines, thin lines, then arrows and text over them. */
  svg(name: string): string {
    return [
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${CANVAS} ${CANVAS}" width="${CANVAS}" height="${CANVAS}" role="img" aria-label="${escapeXml(name)}">`,
      `<rect width="${CANVAS}" height="${CANVAS}" fill="#fff"/>`,
      `<g fill="none" stroke="#000" stroke-width="2" stroke-linejoin="round" stroke-linecap="round">${this.outlines.join("")}</g>`,
      `<g fill="none" stroke="#000" stroke-width="1">${this.thin.join("")}</g>`,
      `<g fill="#000" font-family="Arial, Helvetica, sans-serif" font-size="${FONT_SIZE}">${this.ink.join("")}</g>`,
      "</svg>",
    ].join("");
  }
}
