import type { ReceiptContent } from './receipt-content';

/**
 * Draws a receipt as a PNG, on a canvas: no library, no network, the system's own
 * sans-serif. 720 px wide (sharp on a phone, small on WhatsApp); the height follows the rows.
 * Loaded by `shareReceipt` only when a customer shares one.
 */
const WIDTH = 720;
const PAD = 48;
const ROW = 56;
/** The brand band: its least height, and the spacing of the title's lines in it. */
const BAND = 96;
const TITLE_LINE = 28;

/** The widths a row's value and the band's title wrap to (the label and the brand take the rest). */
export const VALUE_WIDTH = WIDTH - 2 * PAD - 220;
export const TITLE_WIDTH = WIDTH - 2 * PAD - 260;

/** Each further line of a wrapped value adds this much to its row. */
const LINE = 32;

/**
 * Breaks a value into lines that fit `max` (a receipt never cuts a reference or a
 * product name): at spaces where it can, inside a word (a long reference, a token) where it
 * must. `measure` is the canvas's width of a text, passed in so the rule is testable.
 */
export function wrapText(measure: (text: string) => number, text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  const push = (word: string) => {
    const joined = line ? `${line} ${word}` : word;
    if (measure(joined) <= max) {
      line = joined;
      return;
    }
    if (line) lines.push(line);
    line = '';
    // A word wider than the row: split it by characters.
    let rest = word;
    while (measure(rest) > max && rest.length > 1) {
      let n = rest.length - 1;
      while (n > 1 && measure(rest.slice(0, n)) > max) n--;
      lines.push(rest.slice(0, n));
      rest = rest.slice(n);
    }
    line = rest;
  };
  for (const word of text.split(/\s+/).filter(Boolean)) push(word);
  if (line || !lines.length) lines.push(line);
  return lines;
}

export async function drawReceipt(content: ReceiptContent, brandColor: string): Promise<Blob> {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw a receipt.');
  // Values are measured in their font before the canvas is sized: long ones take more lines.
  ctx.font = 'bold 24px sans-serif';
  const measure = (text: string) => ctx.measureText(text).width;
  const laid = content.rows.map(
    ([label, value]) => [label, wrapText(measure, value, VALUE_WIDTH)] as const,
  );
  ctx.font = '24px sans-serif';
  const titleLines = wrapText(measure, content.title, TITLE_WIDTH);
  // A long title ("From <a 100-character name> receipt") takes four lines or more: the band
  // grows to hold them, 24 px type with 8 px above and below (white on white below the band
  // would be lost), and the rest moves down. Up to three lines it stays 96 px.
  const band = Math.max(BAND, (titleLines.length - 1) * TITLE_LINE + 24 + 2 * 8);
  const below = band - BAND;
  const rowsHeight = laid.reduce((h, [, lines]) => h + ROW + (lines.length - 1) * LINE, 0);
  const height = 300 + below + rowsHeight + PAD;
  canvas.width = WIDTH;
  canvas.height = height;

  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, WIDTH, height);

  // Brand band.
  ctx.fillStyle = brandColor;
  ctx.fillRect(0, 0, WIDTH, band);
  ctx.fillStyle = '#ffffff';
  ctx.textBaseline = 'middle';
  ctx.font = 'bold 36px sans-serif';
  ctx.fillText(content.brand, PAD, band / 2);
  ctx.font = '24px sans-serif';
  ctx.textAlign = 'right';
  titleLines.forEach((line, i) =>
    ctx.fillText(line, WIDTH - PAD, band / 2 + (i - (titleLines.length - 1) / 2) * TITLE_LINE),
  );

  // Amount and status.
  ctx.textAlign = 'center';
  ctx.fillStyle = '#0f172a';
  ctx.font = 'bold 56px sans-serif';
  ctx.fillText(content.amount, WIDTH / 2, below + 170);
  ctx.font = 'bold 26px sans-serif';
  ctx.fillStyle =
    content.status === 'Successful' || content.status === 'Refunded' ? '#177245' : '#5b6576';
  ctx.fillText(content.status, WIDTH / 2, below + 226);

  // Rows.
  ctx.strokeStyle = '#d9dee7';
  ctx.lineWidth = 2;
  let y = below + 280;
  for (const [label, lines] of laid) {
    ctx.beginPath();
    ctx.moveTo(PAD, y - ROW / 2);
    ctx.lineTo(WIDTH - PAD, y - ROW / 2);
    ctx.stroke();
    ctx.textAlign = 'left';
    ctx.fillStyle = '#5b6576';
    ctx.font = '24px sans-serif';
    ctx.fillText(label, PAD, y);
    ctx.textAlign = 'right';
    ctx.fillStyle = '#0f172a';
    ctx.font = 'bold 24px sans-serif';
    lines.forEach((line, i) => ctx.fillText(line, WIDTH - PAD, y + i * LINE));
    y += ROW + (lines.length - 1) * LINE;
  }

  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The receipt could not be drawn.'))),
      'image/png',
    ),
  );
}
