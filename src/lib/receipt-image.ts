import type { ReceiptContent } from './receipt';

/**
 * Draws a receipt as a PNG (issue 17), on a canvas: no library, no network, the system's own
 * sans-serif. 720 px wide (sharp on a phone, small on WhatsApp); the height follows the rows.
 * Loaded by `shareReceipt` only when a customer shares one.
 */
const WIDTH = 720;
const PAD = 48;
const ROW = 56;

/** Cuts a value to the width left for it, with an ellipsis. */
function fit(ctx: CanvasRenderingContext2D, text: string, max: number): string {
  if (ctx.measureText(text).width <= max) return text;
  let cut = text;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > max) cut = cut.slice(0, -1);
  return `${cut}…`;
}

export async function drawReceipt(content: ReceiptContent, brandColor: string): Promise<Blob> {
  const height = 300 + content.rows.length * ROW + PAD;
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw a receipt.');

  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, WIDTH, height);

  // Brand band.
  ctx.fillStyle = brandColor;
  ctx.fillRect(0, 0, WIDTH, 96);
  ctx.fillStyle = '#ffffff';
  ctx.textBaseline = 'middle';
  ctx.font = 'bold 36px sans-serif';
  ctx.fillText(content.brand, PAD, 48);
  ctx.font = '24px sans-serif';
  ctx.textAlign = 'right';
  ctx.fillText(content.title, WIDTH - PAD, 48);

  // Amount and status.
  ctx.textAlign = 'center';
  ctx.fillStyle = '#0f172a';
  ctx.font = 'bold 56px sans-serif';
  ctx.fillText(content.amount, WIDTH / 2, 170);
  ctx.font = 'bold 26px sans-serif';
  ctx.fillStyle = content.status === 'Successful' ? '#177245' : '#5b6576';
  ctx.fillText(content.status, WIDTH / 2, 226);

  // Rows.
  ctx.strokeStyle = '#d9dee7';
  ctx.lineWidth = 2;
  let y = 280;
  for (const [label, value] of content.rows) {
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
    ctx.fillText(fit(ctx, value, WIDTH - 2 * PAD - 220), WIDTH - PAD, y);
    y += ROW;
  }

  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The receipt could not be drawn.'))),
      'image/png',
    ),
  );
}
